import CardData
import CardDomain
import Testing

/// Mapping a judged payload to an entity: failures pass through unchanged, a payload that
/// breaks the contract becomes a pathErr.
@Suite("Network result mapping")
struct NetworkResultTests {
  static let failures: [NetworkResult<Int>] = [
    .requestErr(message: "not found", status: 404),
    .pathErr(reason: "unexpected status 301"),
    .serverErr(status: 503, message: nil),
    .networkFail(reason: "timed out"),
  ]

  @Test(arguments: failures)
  func aFailurePassesThroughUnchanged(failure: NetworkResult<Int>) {
    let mapped = failure.tryMap { (value) throws(WireMappingError) in String(value) }
    switch (failure, mapped) {
    case (.requestErr(let message, let status), .requestErr(let newMessage, let newStatus)):
      #expect(message == newMessage && status == newStatus)
    case (.pathErr(let reason), .pathErr(let newReason)):
      #expect(reason == newReason)
    case (.serverErr(let status, let message), .serverErr(let newStatus, let newMessage)):
      #expect(status == newStatus && message == newMessage)
    case (.networkFail(let reason), .networkFail(let newReason)):
      #expect(reason == newReason)
    default:
      Issue.record("\(failure) became \(mapped)")
    }
  }

  @Test func aMappingErrorBecomesPathErr() {
    let result = NetworkResult.success(WireFixtures.fullCard { $0.mbti = "XXXX" })
      .tryMap { (dto) throws(WireMappingError) in try dto.card() }
    #expect(
      result
        == .pathErr(
          reason: "card 'c1': mbti must be four letters from E/I, S/N, T/F, J/P, not 'XXXX'"))
  }

  @Test func aSuccessIsMapped() throws {
    let result = NetworkResult.success(WireFixtures.fullCard)
      .tryMap { (dto) throws(WireMappingError) in try dto.card() }
    guard case .success(let card) = result else {
      Issue.record("a valid card was not mapped: \(result)")
      return
    }
    #expect(card.id.rawValue == "c1")
  }
}
