import Foundation

/// Image files for uploads: the PNG signature, which the client and the sandbox check, then
/// random bytes, so that a byte lost, repeated or moved on the way shows.
enum ImageBytes {
  private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func png(byteCount: Int) -> Data {
    var bytes = Data(pngSignature)
    var generator = SystemRandomNumberGenerator()
    var words = [UInt64](repeating: 0, count: (byteCount - pngSignature.count) / 8 + 1)
    for index in words.indices {
      words[index] = generator.next()
    }
    words.withUnsafeBytes { raw in
      bytes.append(contentsOf: raw.prefix(byteCount - pngSignature.count))
    }
    return bytes
  }
}
