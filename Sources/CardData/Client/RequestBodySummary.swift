import Foundation

/// What a request body holds, described for a log without handing them file contents; a
/// logger redacts the secrets in a JSON body before printing it.
public enum RequestBodySummary: Hashable, Sendable {
  case empty
  case json(Data)
  case multipart([Part])

  /// One multipart part: its size when known without reading a file, and the value of a text
  /// field, never the bytes of a file part.
  public struct Part: Hashable, Sendable {
    public let name: String
    public let filename: String?
    public let contentType: String?
    public let byteCount: Int64?
    public let text: String?

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
