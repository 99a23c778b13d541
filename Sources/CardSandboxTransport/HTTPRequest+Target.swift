import CardData
import Foundation

extension HTTPRequest {
  /// The request target as it goes on the wire: the percent-encoded path and the query.
  package var target: String {
    let path = url.path(percentEncoded: true)
    return (path.isEmpty ? "/" : path) + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
  }
}
