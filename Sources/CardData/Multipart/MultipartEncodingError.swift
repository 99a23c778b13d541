/// Why ``MultipartEncoder`` could not encode a form.
public struct MultipartEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, coarsely.
  public enum Kind: String, Hashable, Sendable {
    /// A file part's file is missing, is not a regular file, or cannot be opened or read.
    case unreadableFile
    /// A file part's file grew or shrank between measuring it and reading it.
    case fileChangedWhileReading
    /// The form's boundary is not a valid RFC 2046 boundary (1 to 70 permitted characters).
    case invalidBoundary
    /// A part's `Content-Type` contains a line break, which would break the framing.
    case invalidContentType
    /// The temporary file for a large body could not be created or written.
    case temporaryFileFailure
  }

  /// The coarse kind.
  public let kind: Kind
  /// The file the error concerns: a file part's path or the temporary file's path;
  /// `nil` when no file is involved.
  public let path: String?
  /// What happened, for people.
  public let reason: String

  /// Creates an encoding error.
  public init(_ kind: Kind, path: String? = nil, reason: String) {
    self.kind = kind
    self.path = path
    self.reason = reason
  }

  /// A sentence naming the kind, the file when there is one, and the reason.
  public var description: String {
    let subject =
      switch kind {
      case .unreadableFile: "Cannot read multipart file part"
      case .fileChangedWhileReading: "Multipart file part changed while being encoded"
      case .invalidBoundary: "Invalid multipart boundary"
      case .invalidContentType: "Invalid multipart part Content-Type"
      case .temporaryFileFailure: "Cannot write multipart temporary file"
      }
    guard let path else { return "\(subject): \(reason)" }
    return "\(subject) at \(path): \(reason)"
  }
}
