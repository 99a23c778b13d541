import Foundation

/// An image to upload with a new card: where its bytes are, their type and the file name. The
/// domain reads no file: whoever finds the image describes it (the REPL measures the file and
/// reads its first bytes), and the Data layer streams it when the request is sent.
public struct CardImage: Hashable, Sendable {
  public static let maximumByteCount: Int64 = 10 * 1024 * 1024

  public enum Source: Hashable, Sendable {
    /// Bytes in memory, whose type ``validated()`` checks against their first bytes.
    case bytes(Data)
    /// A file on disk of this size, streamed when the request is sent.
    case file(URL, byteCount: Int64)
  }

  public let source: Source
  public let mimeType: ImageMIMEType
  /// The file name sent with the upload.
  public let filename: String

  public init(source: Source, mimeType: ImageMIMEType, filename: String) {
    self.source = source
    self.mimeType = mimeType
    self.filename = filename
  }

  public var byteCount: Int64 {
    switch source {
    case .bytes(let data): Int64(data.count)
    case .file(_, let byteCount): byteCount
    }
  }

  /// Checks the size (at most ``maximumByteCount``), the file name, and that bytes in memory
  /// really are the declared type.
  public func validated() throws(ValidationError) -> CardImage {
    guard byteCount <= Self.maximumByteCount else { throw .imageTooLarge(byteCount: byteCount) }
    if case .bytes(let data) = source, ImageMIMEType(detectedIn: data) != mimeType {
      throw .imageContentMismatch(declared: mimeType)
    }
    guard !filename.isEmpty else { throw .emptyImageFilename }
    return self
  }
}

/// The image types the service accepts.
public enum ImageMIMEType: String, Hashable, Sendable, CaseIterable {
  case jpeg = "image/jpeg"
  case png = "image/png"

  /// The type whose signature `header` (an image's first bytes) starts with, if any.
  public init?(detectedIn header: some Collection<UInt8>) {
    guard let type = Self.allCases.first(where: { header.starts(with: $0.signature) }) else {
      return nil
    }
    self = type
  }

  /// How many first bytes ``init(detectedIn:)`` needs: the longest signature.
  public static let signatureLength = 8

  private var signature: [UInt8] {
    switch self {
    case .jpeg: [0xFF, 0xD8, 0xFF]
    case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }
  }
}
