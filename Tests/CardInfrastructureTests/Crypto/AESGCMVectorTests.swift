import CardInfrastructure
import Testing

/// A test case of the GCM specification (McGrew & Viega, "The Galois/Counter Mode of
/// Operation", appendix B).
struct GCMVector: Sendable, CustomTestStringConvertible {
  let number: Int
  let key: [UInt8]
  let plaintext: [UInt8]
  let associatedData: [UInt8]
  let iv: [UInt8]
  let ciphertext: [UInt8]
  let tag: [UInt8]

  var testDescription: String { "GCM test case \(number)" }

  private static let zeroKey = hex(String(repeating: "00", count: 32))
  private static let key = hex(
    "feffe9928665731c6d6a8f9467308308 feffe9928665731c6d6a8f9467308308")
  private static let iv = hex("cafebabefacedbaddecaf888")
  private static let plaintext = hex(
    """
    d9313225f88406e5a55909c5aff5269a 86a7a9531534f7da2e4c303d8a318a72
    1c3c0c95956809532fcf0e2449a6b525 b16aedf5aa0de657ba637b391aafd255
    """)
  private static let ciphertext = hex(
    """
    522dc1f099567d07f47f37a32a84427d 643a8cdcbfe5c0c97598a2bd2555d1aa
    8cb08e48590dbb3da7b08b1056828838 c5f61e6393ba7a0abcc9f662898015ad
    """)

  /// Test cases 13 to 16: the 256-bit keys with 96-bit IVs, without and with AAD.
  static let all: [GCMVector] = [
    GCMVector(
      number: 13, key: zeroKey, plaintext: [], associatedData: [],
      iv: hex("000000000000000000000000"),
      ciphertext: [], tag: hex("530f8afbc74536b9a963b4f1c4cb738b")),
    GCMVector(
      number: 14, key: zeroKey, plaintext: hex("00000000000000000000000000000000"),
      associatedData: [], iv: hex("000000000000000000000000"),
      ciphertext: hex("cea7403d4d606b6e074ec5d3baf39d18"),
      tag: hex("d0d1c8a799996bf0265b98b5d48ab919")),
    GCMVector(
      number: 15, key: key, plaintext: plaintext, associatedData: [], iv: iv,
      ciphertext: ciphertext, tag: hex("b094dac5d93471bdec1a502270e3cc6c")),
    GCMVector(
      number: 16, key: key, plaintext: Array(plaintext.prefix(60)),
      associatedData: hex("feedfacedeadbeeffeedfacedeadbeef abaddad2"), iv: iv,
      ciphertext: Array(ciphertext.prefix(60)), tag: hex("76fc6ece0f4e1768cddf8853bb2d551b")),
  ]
}

@Suite("AES-256-GCM against the GCM specification's test vectors")
struct AESGCMVectorTests {
  let cipher = AESGCM.platformCipher

  @Test(arguments: GCMVector.all)
  func encryptionGivesTheSpecifiedCiphertextAndTag(_ vector: GCMVector) throws {
    let sealed = try cipher.seal(
      vector.plaintext, key: AES256Key(bytes: vector.key), nonce: vector.iv,
      authenticating: vector.associatedData)
    #expect(sealed.ciphertext == vector.ciphertext)
    #expect(sealed.tag == vector.tag)
  }

  @Test(arguments: GCMVector.all)
  func decryptionRecoversThePlaintext(_ vector: GCMVector) throws {
    let plaintext = try cipher.open(
      AESGCMSealed(ciphertext: vector.ciphertext, tag: vector.tag),
      key: AES256Key(bytes: vector.key), nonce: vector.iv, authenticating: vector.associatedData)
    #expect(plaintext == vector.plaintext)
  }

  @Test(arguments: GCMVector.all)
  func everyFlippedTagBitFailsAuthentication(_ vector: GCMVector) throws {
    let key = try AES256Key(bytes: vector.key)
    for bit in 0..<(vector.tag.count * 8) {
      var tag = vector.tag
      tag[bit / 8] ^= 1 << UInt8(bit % 8)
      #expect(throws: CryptoError.authenticationFailed) {
        try cipher.open(
          AESGCMSealed(ciphertext: vector.ciphertext, tag: tag), key: key, nonce: vector.iv,
          authenticating: vector.associatedData)
      }
    }
  }

  @Test(arguments: GCMVector.all)
  func changedCiphertextAssociatedDataOrNonceFailsAuthentication(_ vector: GCMVector) throws {
    let key = try AES256Key(bytes: vector.key)
    var nonce = vector.iv
    nonce[11] ^= 0x01
    var changes: [(ciphertext: [UInt8], associatedData: [UInt8], nonce: [UInt8])] = [
      (vector.ciphertext, vector.associatedData + [0], vector.iv),
      (vector.ciphertext, vector.associatedData, nonce),
    ]
    if !vector.ciphertext.isEmpty {
      var ciphertext = vector.ciphertext
      ciphertext[ciphertext.count - 1] ^= 0x80
      changes.append((ciphertext, vector.associatedData, vector.iv))
      changes.append((Array(vector.ciphertext.dropLast()), vector.associatedData, vector.iv))
    }
    if !vector.associatedData.isEmpty {
      var associatedData = vector.associatedData
      associatedData[0] ^= 0x01
      changes.append((vector.ciphertext, associatedData, vector.iv))
    }
    for change in changes {
      #expect(throws: CryptoError.authenticationFailed) {
        try cipher.open(
          AESGCMSealed(ciphertext: change.ciphertext, tag: vector.tag), key: key,
          nonce: change.nonce, authenticating: change.associatedData)
      }
    }
  }

  @Test func wrongSizesAreRejectedBeforeAnyCryptography() throws {
    let key = try AES256Key(bytes: [UInt8](repeating: 7, count: 32))
    #expect(throws: CryptoError.self) { try AES256Key(bytes: [UInt8](repeating: 7, count: 16)) }
    #expect(throws: CryptoError.self) {
      try cipher.seal(
        [1, 2, 3], key: key, nonce: [UInt8](repeating: 0, count: 16), authenticating: [])
    }
    #expect(throws: CryptoError.self) {
      try cipher.open(
        AESGCMSealed(ciphertext: [1], tag: [UInt8](repeating: 0, count: 12)), key: key,
        nonce: [UInt8](repeating: 0, count: 12), authenticating: [])
    }
  }

  @Test func aKeyNeverPrintsItsBytes() throws {
    let key = try AES256Key(bytes: [UInt8](repeating: 0xAB, count: 32))
    var dumped = ""
    dump(key, to: &dumped)
    for text in [String(describing: key), String(reflecting: key), dumped] {
      #expect(!text.contains("171"))
      #expect(!text.lowercased().contains("ab"))
    }
  }
}

/// The bytes written as hexadecimal digits in `text`; spaces are ignored.
func hex(_ text: String) -> [UInt8] {
  let digits = Array(text.filter { !$0.isWhitespace })
  precondition(digits.count.isMultiple(of: 2), "odd number of hex digits")
  return stride(from: 0, to: digits.count, by: 2).map {
    UInt8(String(digits[$0...$0 + 1]), radix: 16)!
  }
}
