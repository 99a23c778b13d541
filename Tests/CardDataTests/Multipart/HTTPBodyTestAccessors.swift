import CardData
import CardDomain
import Foundation

extension HTTPBody {
  /// The bytes of a `.data` body; `nil` for other bodies.
  var inMemoryBytes: Data? {
    guard case .data(let data) = self else { return nil }
    return data
  }

  /// The URL of a `.file` body; `nil` for other bodies.
  var fileURL: URL? {
    guard case .file(let url, _) = self else { return nil }
    return url
  }
}
