import Foundation

/// An image to upload with a new card: its bytes or a file, its type and its file name.
public struct CardImage: Hashable, Sendable {
  /// The largest image the service accepts: 10 MiB.
  public static let maximumByteCount: Int64 = 10 * 1024 * 1024

  /// Where the image's bytes come from.
  public enum Source: Hashable, Sendable {
    /// Bytes already in memory.
    case bytes(Data)
    /// A file on disk, streamed when the request is sent.
    case file(URL)
  }

  /// Where the bytes come from.
  public let source: Source
  /// The declared type, checked against the bytes by ``validated()``.
  public let mimeType: ImageMIMEType
  /// The file name sent with the upload.
  public let filename: String

  /// Describes an image; nothing is read until ``validated()``.
  public init(source: Source, mimeType: ImageMIMEType, filename: String) {
    self.source = source
    self.mimeType = mimeType
    self.filename = filename
  }

  /// Describes an image file, taking its type from its first bytes and its name from the path.
  public static func file(at url: URL) throws(ValidationError) -> CardImage {
    let inspection = try ImageInspection(of: .file(url))
    guard let type = inspection.detectedType else {
      throw .notAnImage(filename: url.lastPathComponent)
    }
    return CardImage(source: .file(url), mimeType: type, filename: url.lastPathComponent)
  }

  /// Checks the size (at most ``maximumByteCount``) and that the bytes really are the
  /// declared JPEG or PNG, reading no more than the file's first bytes.
  public func validated() throws(ValidationError) -> CardImage {
    let inspection = try ImageInspection(of: source)
    guard inspection.byteCount <= Self.maximumByteCount else {
      throw .imageTooLarge(byteCount: inspection.byteCount)
    }
    guard inspection.detectedType == mimeType else {
      throw .imageContentMismatch(declared: mimeType)
    }
    guard !filename.isEmpty else { throw .emptyImageFilename }
    return self
  }
}
