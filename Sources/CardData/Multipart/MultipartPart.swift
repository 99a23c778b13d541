import Foundation

/// One part of a ``MultipartFormData`` form.
public struct MultipartPart: Hashable, Sendable {
  /// Where a part's bytes come from.
  public enum Content: Hashable, Sendable {
    /// Bytes in memory.
    case data(Data)
    /// A file, read in chunks when the form is encoded.
    case file(URL)
  }

  /// The form field name.
  public let name: String
  /// The file name, present for file parts.
  public let filename: String?
  /// The part's `Content-Type`, if any.
  public let contentType: String?
  /// The bytes.
  public let content: Content

  /// Creates a part.
  public init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
    self.name = name
    self.filename = filename
    self.contentType = contentType
    self.content = content
  }

  /// Whether the part is a file (it has a file name); loggers never print a file's bytes.
  public var isFile: Bool { filename != nil }
}
