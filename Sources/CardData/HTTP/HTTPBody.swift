import Foundation

/// The body of a request: nothing, bytes in memory, or a file streamed from disk.
public enum HTTPBody: Hashable, Sendable {
  /// No body.
  case empty
  /// Bytes in memory.
  case data(Data)
  /// A file on disk of a known length, sent without loading it into memory.
  case file(URL, length: Int64)

  /// The number of bytes the body sends.
  public var length: Int64 {
    switch self {
    case .empty: 0
    case .data(let data): Int64(data.count)
    case .file(_, let length): length
    }
  }
}
