#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes text straight to a file descriptor, unbuffered, so that standard output and
/// standard error interleave on a terminal in the order they were written.
struct FileDescriptorWriter: Sendable {
  /// The descriptor, such as `STDOUT_FILENO`.
  let descriptor: Int32

  /// Writes all of `text`, retrying after interruptions; gives up silently when the
  /// descriptor is closed (a closed pipe must not crash the REPL).
  func write(_ text: String) {
    guard !text.isEmpty else { return }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(descriptor, buffer.baseAddress, buffer.count)
        #elseif canImport(Musl)
          Musl.write(descriptor, buffer.baseAddress, buffer.count)
        #else
          Darwin.write(descriptor, buffer.baseAddress, buffer.count)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }
}
