import Foundation

/// Temporary in-memory encoder; replaced by the streaming encoder.
public struct MultipartEncoder: Sendable {
  /// Bodies larger than this go to a temporary file.
  public var memoryThreshold: Int64
  /// Where temporary bodies are written.
  public var temporaryDirectory: URL
  /// Bytes read and written at a time.
  public var chunkSize: Int

  /// Creates an encoder.
  public init(
    memoryThreshold: Int64 = 10 * 1024 * 1024,
    temporaryDirectory: URL = FileManager.default.temporaryDirectory,
    chunkSize: Int = 64 * 1024
  ) {
    self.memoryThreshold = memoryThreshold
    self.temporaryDirectory = temporaryDirectory
    self.chunkSize = chunkSize
  }

  /// Encodes the form.
  public func encode(_ form: MultipartFormData) throws(MultipartEncodingError)
    -> EncodedMultipartBody
  {
    var body = Data()
    for part in form.parts {
      body.append(Data("--\(form.boundary)\r\n".utf8))
      var disposition = "Content-Disposition: form-data; name=\"\(part.name)\""
      if let filename = part.filename { disposition += "; filename=\"\(filename)\"" }
      body.append(Data((disposition + "\r\n").utf8))
      if let type = part.contentType { body.append(Data("Content-Type: \(type)\r\n".utf8)) }
      body.append(Data("\r\n".utf8))
      switch part.content {
      case .data(let data): body.append(data)
      case .file(let url):
        guard let data = try? Data(contentsOf: url) else {
          throw MultipartEncodingError(message: "cannot read \(url.path)")
        }
        body.append(data)
      }
      body.append(Data("\r\n".utf8))
    }
    body.append(Data("--\(form.boundary)--\r\n".utf8))
    return EncodedMultipartBody(
      body: .data(body), contentType: form.contentType, temporaryFile: nil)
  }
}

/// An encoded form.
public struct EncodedMultipartBody: Sendable, Hashable {
  /// The body.
  public let body: HTTPBody
  /// The content type.
  public let contentType: String
  /// The temporary file to remove.
  public let temporaryFile: URL?

  /// Removes the temporary file.
  public func removeTemporaryFile() {
    if let temporaryFile { try? FileManager.default.removeItem(at: temporaryFile) }
  }
}

/// A form that could not be encoded.
public struct MultipartEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What happened.
  public let message: String
  /// The message.
  public var description: String { message }
}
