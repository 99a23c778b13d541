import CardData
import Foundation

/// Checks on a `.file` body before it is sent.
enum FileBody {
  /// Throws ``CardData/TransportError/Kind/invalidRequest`` unless `url` names a readable
  /// regular file of exactly `length` bytes.
  ///
  /// Without this check FoundationNetworking reports a missing file only as "File system
  /// error", a `URLProtocol` reads it as an empty body, and a file of another length than
  /// the body states goes out unnoticed.
  static func check(_ url: URL, length: Int64) throws(TransportError) {
    guard url.isFileURL else {
      throw TransportError(.invalidRequest, "body file \(url) is not a file URL")
    }
    let path = url.resolvingSymlinksInPath().path
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
      throw TransportError(.invalidRequest, "body file \(url.path) cannot be read: \(error)")
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw TransportError(.invalidRequest, "body file \(url.path) is not a regular file")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw TransportError(.invalidRequest, "body file \(url.path) is not readable")
    }
    let size = (attributes[.size] as? NSNumber)?.int64Value
    guard size == length else {
      throw TransportError(
        .invalidRequest,
        "body file \(url.path) has \(size.map(String.init) ?? "unknown") bytes, not \(length)"
      )
    }
  }
}
