import Foundation

/// Where ``MultipartBodyWriter`` puts a body's bytes, in order.
protocol MultipartByteSink {
  /// Appends `bytes` to the body.
  mutating func write(_ bytes: Data) throws(MultipartEncodingError)
}
