/// A 256-bit AES key. Printing or dumping it never shows the bytes.
package struct AES256Key: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The key length in bytes.
  package static let byteCount = 32

  /// The raw key bytes; exactly ``byteCount`` of them.
  package let bytes: [UInt8]

  /// Wraps `bytes`, which must be exactly ``byteCount`` bytes long.
  package init(bytes: [UInt8]) throws(CryptoError) {
    guard bytes.count == Self.byteCount else {
      throw .invalidArgument("an AES-256 key is \(Self.byteCount) bytes, not \(bytes.count)")
    }
    self.bytes = bytes
  }

  /// A fresh key from the platform's secure random generator.
  package static func random() throws(CryptoError) -> AES256Key {
    try AES256Key(bytes: SecureRandom.bytes(count: byteCount))
  }

  /// A placeholder; the bytes are redacted.
  package var description: String { "AES256Key(<redacted>)" }
  /// Same as ``description``.
  package var debugDescription: String { description }
  /// A mirror without children, so that `dump` shows no key bytes.
  package var customMirror: Mirror { Mirror(self, children: [:]) }
}
