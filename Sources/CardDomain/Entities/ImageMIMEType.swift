/// The image types the service accepts.
public enum ImageMIMEType: String, Hashable, Sendable, CaseIterable {
  /// `image/jpeg`.
  case jpeg = "image/jpeg"
  /// `image/png`.
  case png = "image/png"

  /// Accepts `image/jpeg` and `image/png` (any case); anything else is an unsupported type.
  public init(validating mimeType: String) throws(ValidationError) {
    guard let type = ImageMIMEType(rawValue: mimeType.lowercased()) else {
      throw .unsupportedImageType(mimeType)
    }
    self = type
  }

  /// The bytes every file of this type starts with.
  var signature: [UInt8] {
    switch self {
    case .jpeg: [0xFF, 0xD8, 0xFF]
    case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }
  }
}
