import CardData
import Testing

/// The result's names and its transformations, which pass failures through unchanged.
@Suite struct NetworkResultTests {
  static let failures: [NetworkResult<Int>] = [
    .requestErr(message: "not found", status: 404),
    .pathErr(reason: "unexpected status 301"),
    .serverErr(status: 503, message: nil),
    .networkFail(reason: "timed out"),
  ]

  @Test(
    arguments: zip(
      [NetworkResult<Int>.success(1)] + failures,
      ["success", "requestErr", "pathErr", "serverErr", "networkFail"]))
  func caseNameIsTheCasesName(result: NetworkResult<Int>, name: String) {
    #expect(result.caseName == name)
  }

  @Test func mapTransformsASuccess() {
    #expect(NetworkResult.success(2).map { $0 * 10 } == .success(20))
    #expect(NetworkResult.success(2).value == 2)
  }

  @Test(arguments: failures)
  func mapPassesAFailureThrough(failure: NetworkResult<Int>) {
    #expect(failure.map { String($0) } == failure.flatMap { .success(String($0)) })
    #expect(failure.map { String($0) }.caseName == failure.caseName)
    #expect(failure.value == nil)
  }

  @Test(arguments: failures)
  func mappedFailureKeepsItsValues(failure: NetworkResult<Int>) {
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
      Issue.record("\(failure.caseName) became \(mapped.caseName)")
    }
  }

  @Test func flatMapCanTurnASuccessIntoAFailure() {
    let result = NetworkResult.success(0).flatMap { (value) -> NetworkResult<Int> in
      value == 0 ? .pathErr(reason: "zero") : .success(value)
    }
    #expect(result == .pathErr(reason: "zero"))
  }

  @Test func tryMapTurnsAMappingErrorIntoPathErr() {
    let result = NetworkResult.success(WireFixtures.fullCard { $0.mbti = "XXXX" })
      .tryMap { (dto) throws(WireMappingError) in try dto.card() }
    #expect(
      result
        == .pathErr(
          reason: "card 'c1': mbti must be four letters from E/I, S/N, T/F, J/P, not 'XXXX'"))
  }

  @Test func tryMapMapsASuccess() throws {
    let result = NetworkResult.success(WireFixtures.fullCard)
      .tryMap { (dto) throws(WireMappingError) in try dto.card() }
    #expect(result.value?.id.rawValue == "c1")
  }
}
