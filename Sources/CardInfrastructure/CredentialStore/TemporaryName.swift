import CardData

/// Random suffixes for temporary files, so that concurrent writers never pick the same name.
enum TemporaryName {
  /// Sixteen random lowercase hexadecimal digits.
  static func randomSuffix() throws(CredentialStoreError) -> String {
    let bytes: [UInt8]
    do {
      bytes = try SecureRandom.bytes(count: 8)
    } catch {
      throw CredentialStoreError(.unavailable, "could not name a temporary file: \(error)")
    }
    let digits = Array("0123456789abcdef")
    return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
  }
}
