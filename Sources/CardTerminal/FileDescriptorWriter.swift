import CardPrimitives

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes unbuffered, so that standard output and standard error interleave on a terminal
/// in the order they were written.
struct FileDescriptorWriter: Sendable {
  let descriptor: Int32

  /// Retries after interruptions; gives up silently on a closed descriptor, which must not
  /// crash the REPL.
  func write(_ text: String) {
    guard !text.isEmpty else { return }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = retryingInterrupts {
        bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      }
      guard written >= 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}

/// `write(2)`, out of reach inside a type whose own method is named `write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
