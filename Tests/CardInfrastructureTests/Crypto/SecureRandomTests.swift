import CardInfrastructure
import Testing

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
