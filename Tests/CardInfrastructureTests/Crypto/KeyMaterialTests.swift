import CardInfrastructure
import Testing

@Suite("PBKDF2-HMAC-SHA256 against RFC 7914 section 11")
struct PBKDF2VectorTests {
  @Test func passwdSaltOneIteration() throws {
    let derived = try PBKDF2.sha256(
      password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, byteCount: 64)
    #expect(
      derived
        == hex(
          """
          55 ac 04 6e 56 e3 08 9f ec 16 91 c2 25 44 b6 05
          f9 41 85 21 6d de 04 65 e6 8b 9d 57 c2 0d ac bc
          49 ca 9c cc f1 79 b6 45 99 16 64 b3 9d 77 ef 31
          7c 71 b8 45 b1 e3 0b d5 09 11 20 41 d3 a1 97 83
          """))
  }

  @Test func passwordNaClEightyThousandIterations() throws {
    let derived = try PBKDF2.sha256(
      password: Array("Password".utf8), salt: Array("NaCl".utf8), iterations: 80_000,
      byteCount: 64)
    #expect(
      derived
        == hex(
          """
          4d dc d8 f6 0b 98 be 21 83 0c ee 5e f2 27 01 f9
          64 1a 44 18 d0 4c 04 14 ae ff 08 87 6b 34 ab 56
          a1 d4 25 a1 22 58 33 54 9a db 84 1b 51 c9 b3 17
          6a 27 2b de bb a1 d0 78 47 8f 62 b3 97 f3 3c 8d
          """))
  }

  @Test func zeroIterationsAndEmptyOutputAreRejected() {
    #expect(throws: CryptoError.self) {
      try PBKDF2.sha256(password: [1], salt: [2], iterations: 0, byteCount: 32)
    }
    #expect(throws: CryptoError.self) {
      try PBKDF2.sha256(password: [1], salt: [2], iterations: 1, byteCount: 0)
    }
  }
}

@Suite("Secure random bytes")
struct SecureRandomTests {
  @Test func producesTheRequestedCountAndDifferentBytesEachTime() throws {
    let first = try SecureRandom.bytes(count: 32)
    let second = try SecureRandom.bytes(count: 32)
    #expect(first.count == 32)
    #expect(second.count == 32)
    #expect(first != second)
    #expect(try SecureRandom.bytes(count: 0).isEmpty)
  }
}
