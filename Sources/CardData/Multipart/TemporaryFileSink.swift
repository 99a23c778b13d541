import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a large body to a new temporary file that only the current user can read.
struct TemporaryFileSink: MultipartByteSink {
  /// The file being written.
  let url: URL
  private let handle: FileHandle

  /// Creates a file with a unique name in `directory`, atomically with mode 0600: it is
  /// opened with `O_EXCL`, so an existing file (or a link planted in its place) is never
  /// reused, and it is never readable by others, not even for an instant.
  init(in directory: URL) throws(MultipartEncodingError) {
    let url = directory.appendingPathComponent("card-service-multipart-\(UUID().uuidString).tmp")
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw MultipartEncodingError(
        .temporaryFileFailure, path: url.path, reason: failureReason(errno: errno))
    }
    self.url = url
    self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  func write(_ bytes: Data) throws(MultipartEncodingError) {
    do {
      try handle.write(contentsOf: bytes)
    } catch {
      throw MultipartEncodingError(
        .temporaryFileFailure, path: url.path, reason: failureReason(of: error))
    }
  }

  /// Closes the file once the whole body is written; a failing close (a full disk on some
  /// file systems) means the body may be incomplete, so it throws.
  func finish() throws(MultipartEncodingError) {
    do {
      try handle.close()
    } catch {
      throw MultipartEncodingError(
        .temporaryFileFailure, path: url.path, reason: failureReason(of: error))
    }
  }

  /// Closes and deletes the partly written file after a failure, ignoring further errors.
  func discard() {
    try? handle.close()
    try? FileManager.default.removeItem(at: url)
  }
}
