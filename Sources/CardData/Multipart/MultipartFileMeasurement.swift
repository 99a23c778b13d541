import Foundation

/// Reads a file part's length from its file attributes, without reading its bytes.
enum MultipartFileMeasurement {
  /// The length of the regular file at `url`, following symbolic links.
  static func length(ofFileAt url: URL) throws(MultipartEncodingError) -> Int64 {
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(
        atPath: url.resolvingSymlinksInPath().path)
    } catch {
      throw MultipartEncodingError(
        .unreadableFile, path: url.path, reason: failureReason(of: error))
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw MultipartEncodingError(.unreadableFile, path: url.path, reason: "not a regular file")
    }
    guard let size = attributes[.size] as? NSNumber else {
      throw MultipartEncodingError(.unreadableFile, path: url.path, reason: "its size is unknown")
    }
    return size.int64Value
  }
}
