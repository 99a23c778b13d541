import Foundation

/// A form encoded by ``MultipartEncoder``: the request body, its `Content-Type`, and the
/// temporary file that holds a large body.
public struct EncodedMultipartBody: Sendable, Hashable {
  /// The bytes to send: `.data` for a small body, `.file(url, length:)` for a large one.
  public let body: HTTPBody
  /// The request's `Content-Type`, `multipart/form-data; boundary=…`.
  public let contentType: String
  /// The temporary file holding the body, which the caller removes once the request is done
  /// (see ``removeTemporaryFile()``); `nil` when the body is in memory.
  public let temporaryFile: URL?

  /// Deletes the temporary file, if there is one. Calling it again, or after the file is
  /// already gone, does nothing; failures are ignored because there is nothing left to do.
  public func removeTemporaryFile() {
    guard let temporaryFile else { return }
    try? FileManager.default.removeItem(at: temporaryFile)
  }
}
