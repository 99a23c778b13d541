import Foundation

/// Collects a small body in memory.
struct InMemoryMultipartSink: MultipartByteSink {
  /// The bytes written so far.
  private(set) var data = Data()

  /// Creates an empty sink with room for `capacity` bytes, so appending never reallocates.
  init(capacity: Int64) {
    data.reserveCapacity(Int(clamping: capacity))
  }

  mutating func write(_ bytes: Data) {
    data.append(bytes)
  }
}
