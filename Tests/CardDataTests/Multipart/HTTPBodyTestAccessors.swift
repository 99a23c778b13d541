import CardData
import CardDomain
import Foundation

extension HTTPBody {
  /// The bytes of a `.data` body; `nil` for other bodies.
  var inMemoryBytes: Data? {
    guard case .data(let data) = self else { return nil }
    return data
  }

  /// The files the body streams from, in order.
  var fileURLs: [URL] {
    segments.compactMap { segment in
      guard case .file(let url, _) = segment else { return nil }
      return url
    }
  }

  /// The bytes a transport sends for this body, each file read whole.
  func sentBytes() throws -> Data {
    try segments.reduce(into: Data()) { bytes, segment in
      switch segment {
      case .data(let data): bytes.append(data)
      case .file(let url, _): bytes.append(try Data(contentsOf: url))
      }
    }
  }
}
