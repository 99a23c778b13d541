import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Replaces a file's content in one step: the bytes go to a new temporary file beside it,
/// created with mode 0600 and flushed to disk, which is then renamed over the file. A
/// reader sees the old content or the new, never a mix, and nobody else can read either.
enum AtomicFile {
  /// A failed system call, with the reason.
  struct Failure: Error, Sendable {
    /// What failed and why, as a phrase.
    let reason: String
  }

  /// Makes `data` the content of the file at `url`, creating or replacing it.
  static func replaceContents(of url: URL, with data: Data) throws(Failure) {
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
    try writeNewFile(at: temporary, data)
    guard rename(temporary, url.path) == 0 else {
      let error = failure("cannot rename \(temporary) to \(url.path)")
      unlink(temporary)
      throw error
    }
  }

  /// Creates the file at `path` with mode 0600 and `data`, flushed to disk; on failure
  /// nothing is left behind.
  private static func writeNewFile(at path: String, _ data: Data) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure("cannot create \(path)") }
    do throws(Failure) {
      // The mode given to open is narrowed by the umask; set it exactly.
      guard fchmod(descriptor, 0o600) == 0 else { throw failure("cannot set the mode of \(path)") }
      try writeAll(data, to: descriptor)
      guard fsync(descriptor) == 0 else { throw failure("cannot flush \(path)") }
    } catch {
      close(descriptor)
      unlink(path)
      throw error
    }
    guard close(descriptor) == 0 else {
      let error = failure("cannot close \(path)")
      unlink(path)
      throw error
    }
  }

  private static func writeAll(_ data: Data, to descriptor: Int32) throws(Failure) {
    var written = 0
    while written < data.count {
      let result = data.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { throw failure("cannot write") }
      written += result
    }
  }

  /// `action` and the current `errno`'s description.
  private static func failure(_ action: String) -> Failure {
    Failure(reason: "\(action): \(String(cString: strerror(errno)))")
  }
}
