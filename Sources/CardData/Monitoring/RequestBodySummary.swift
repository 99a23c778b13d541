import Foundation

/// What a request body holds, described for monitors without handing them file contents.
public enum RequestBodySummary: Hashable, Sendable {
  /// No body.
  case empty
  /// A JSON body; loggers redact secrets in it before printing.
  case json(Data)
  /// A multipart form: each part's headers, and its text when it is a small text field.
  case multipart([Part])

  /// One multipart part as monitors see it.
  public struct Part: Hashable, Sendable {
    /// The field name.
    public let name: String
    /// The file name, for file parts.
    public let filename: String?
    /// The part's `Content-Type`.
    public let contentType: String?
    /// The part's size in bytes, when known without reading a file.
    public let byteCount: Int64?
    /// The value of a text field (never of a file part).
    public let text: String?

    /// Describes a part of a form without reading file contents.
    public init(_ part: MultipartPart) {
      name = part.name
      filename = part.filename
      contentType = part.contentType
      switch part.content {
      case .data(let data):
        byteCount = Int64(data.count)
        text = part.isFile ? nil : String(data: data, encoding: .utf8)
      case .file(let url):
        let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber
        byteCount = size?.int64Value
        text = nil
      }
    }
  }
}
