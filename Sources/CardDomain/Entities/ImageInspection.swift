import Foundation

/// The size and the detected type of an image, read from its first bytes only.
struct ImageInspection {
  /// The image's size in bytes.
  let byteCount: Int64
  /// The type whose signature the bytes start with, if any.
  let detectedType: ImageMIMEType?

  private static let headerLength = 8

  init(of source: CardImage.Source) throws(ValidationError) {
    switch source {
    case .bytes(let data):
      byteCount = Int64(data.count)
      detectedType = Self.type(of: data.prefix(Self.headerLength))
    case .file(let url):
      let path = url.path
      // A link to an image is an image: measure what it points to.
      let resolved = url.resolvingSymlinksInPath()
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory) else {
        throw .imageUnreadable(path: path, reason: "no such file")
      }
      let attributes: [FileAttributeKey: Any]
      do {
        attributes = try FileManager.default.attributesOfItem(atPath: resolved.path)
      } catch {
        throw .imageUnreadable(path: path, reason: "cannot be read (\(error.localizedDescription))")
      }
      guard !isDirectory.boolValue, attributes[.type] as? FileAttributeType == .typeRegular,
        let size = attributes[.size] as? NSNumber
      else { throw .imageUnreadable(path: path, reason: "not a regular file") }
      byteCount = size.int64Value
      let header: Data
      do {
        let handle = try FileHandle(forReadingFrom: resolved)
        defer { try? handle.close() }
        header = try handle.read(upToCount: Self.headerLength) ?? Data()
      } catch {
        throw .imageUnreadable(path: path, reason: "cannot be read (\(error.localizedDescription))")
      }
      detectedType = Self.type(of: header)
    }
  }

  private static func type(of header: Data) -> ImageMIMEType? {
    ImageMIMEType.allCases.first { header.starts(with: $0.signature) }
  }
}
