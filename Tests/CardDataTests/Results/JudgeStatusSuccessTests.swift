import CardData
import CardDomain
import Foundation
import Testing

/// The 2xx rows of the judge: a valid envelope succeeds, everything else is `pathErr`.
@Suite("judgeStatus: the 2xx rows")
struct JudgeStatusSuccessTests {
  @Test(arguments: [200, 201, 202, 299])
  func validEnvelopeSucceedsForEvery2xx(status: Int) {
    let body = WireFixtures.envelope(status: status, data: WireFixtures.fullCardJSON)
    let result = judgeStatus(by: status, data: body, type: CardDTO.self)
    #expect(result == .success(WireFixtures.fullCard))
  }

  @Test func listOfCardsDecodesInOrder() {
    let body = WireFixtures.envelope(
      data: "[\(WireFixtures.fullCardJSON), {\"cardId\": \"c2\", \"userId\": \"demo\", "
        + "\"name\": \"Lee Jun\", \"defaultImage\": 0}]")
    let result = judgeStatus(by: 200, data: body, type: [CardDTO].self)
    #expect(result == .success([WireFixtures.fullCard, WireFixtures.minimalCard]))
  }

  @Test func nullDataIsTheNoPayloadSuccess() {
    let result = judgeStatus(by: 200, data: WireFixtures.envelope(), type: NoPayload.self)
    #expect(result == .success(NoPayload()))
  }

  @Test func absentDataCountsAsNull() {
    let body = Data(#"{"status": 200, "success": true, "message": "card deleted"}"#.utf8)
    #expect(judgeStatus(by: 200, data: body, type: NoPayload.self) == .success(NoPayload()))
    guard case .pathErr = judgeStatus(by: 200, data: body, type: CardDTO.self) else {
      Issue.record("a card expected where data is absent was not a pathErr")
      return
    }
  }

  @Test func nullDataIsAnOptionalSuccess() {
    let result = judgeStatus(by: 200, data: WireFixtures.envelope(), type: CardDTO?.self)
    #expect(result == .success(nil))
  }

  @Test func nullDataIsAContractMismatchForACard() {
    let result = judgeStatus(by: 200, data: WireFixtures.envelope(), type: CardDTO.self)
    #expect(result == .pathErr(reason: "status 200: data is null; expected CardDTO"))
  }

  @Test func payloadForNoPayloadIsAContractMismatch() {
    let body = WireFixtures.envelope(data: WireFixtures.fullCardJSON)
    let result = judgeStatus(by: 200, data: body, type: NoPayload.self)
    #expect(
      result
        == .pathErr(
          reason: "status 200: data does not decode as NoPayload: expected NoPayload at data"))
  }

  /// A 2xx body that is not the envelope, and how the reason describes it.
  struct NonEnvelope: Sendable, CustomTestStringConvertible {
    let label: String
    let body: String
    let shape: String
    var testDescription: String { label }
  }

  @Test(arguments: [
    NonEnvelope(
      label: "HTML", body: "<!DOCTYPE html><html><body>Welcome</body></html>",
      shape: "HTML or XML (48 bytes)"),
    NonEnvelope(label: "plain text", body: "OK", shape: "not JSON (2 bytes)"),
    NonEnvelope(label: "empty", body: "", shape: "an empty body"),
    NonEnvelope(label: "whitespace", body: " \r\n\t", shape: "a blank body of 4 bytes"),
    NonEnvelope(
      label: "1 MiB of spaces", body: String(repeating: " ", count: 1 << 20),
      shape: "a blank body of 1048576 bytes"),
    NonEnvelope(label: "broken JSON", body: "{\"status\": 200,", shape: "not JSON (15 bytes)"),
    NonEnvelope(label: "JSON array", body: "[{\"cardId\": \"c1\"}]", shape: "a JSON array"),
    NonEnvelope(label: "JSON string", body: "\"card fetched\"", shape: "a JSON string"),
    NonEnvelope(label: "JSON number", body: "200", shape: "a JSON number"),
    NonEnvelope(label: "JSON boolean", body: "true", shape: "a JSON boolean"),
    NonEnvelope(label: "JSON null", body: "null", shape: "a JSON null"),
    NonEnvelope(
      label: "bare card", body: WireFixtures.fullCardJSON,
      shape: "a JSON object: missing 'status' at the top level"),
    NonEnvelope(
      label: "no success", body: "{\"status\": 200, \"message\": \"ok\", \"data\": null}",
      shape: "a JSON object: missing 'success' at the top level"),
    NonEnvelope(
      label: "status as text",
      body: "{\"status\": \"200\", \"success\": true, \"message\": \"ok\", \"data\": null}",
      shape: "a JSON object: expected Int at status"),
  ])
  func nonEnvelopeBodyIsAContractMismatch(row: NonEnvelope) {
    let result = judgeStatus(by: 200, data: Data(row.body.utf8), type: CardDTO.self)
    #expect(result == .pathErr(reason: "status 200: the body is not the envelope: \(row.shape)"))
  }

  @Test func reasonNeverQuotesTheBody() throws {
    let secret = "secret-access-token-123"
    let bodies = [
      "{\"accessToken\": \"\(secret)\", \"expiresIn\": 3600}",
      "<html>" + String(repeating: secret, count: 500) + "</html>",
      "accessToken=\(secret)",
    ]
    for body in bodies {
      let result = judgeStatus(by: 200, data: Data(body.utf8), type: TokenDTO.self)
      guard case .pathErr(let reason) = result else {
        Issue.record("expected pathErr, got another result")
        continue
      }
      #expect(!reason.contains(secret))
      #expect(reason.count <= 200)
    }
  }

  /// An envelope whose `data` has the wrong shape, and where the reason says it broke.
  struct WrongData: Sendable, CustomTestStringConvertible {
    let label: String
    let data: String
    let problem: String
    var testDescription: String { label }
  }

  @Test(arguments: [
    WrongData(label: "string", data: "\"c1\"", problem: "expected Dictionary<String, Any> at data"),
    WrongData(label: "array", data: "[]", problem: "expected Dictionary<String, Any> at data"),
    WrongData(
      label: "name is a number",
      data: WireFixtures.fullCardJSON.replacingOccurrences(
        of: "\"Kim Minji\"", with: "42"),
      problem: "expected String at data.name"),
    WrongData(
      label: "defaultImage is text",
      data: WireFixtures.fullCardJSON.replacingOccurrences(
        of: "\"defaultImage\": 2", with: "\"defaultImage\": \"2\""),
      problem: "expected Int at data.defaultImage"),
    WrongData(
      label: "name is null",
      data: WireFixtures.fullCardJSON.replacingOccurrences(
        of: "\"Kim Minji\"", with: "null"),
      problem: "null where String is expected at data.name"),
    WrongData(
      label: "no cardId", data: "{\"userId\": \"demo\", \"name\": \"A\", \"defaultImage\": 0}",
      problem: "missing 'cardId' at data"),
  ])
  func dataOfTheWrongTypeIsAContractMismatch(row: WrongData) {
    let body = WireFixtures.envelope(data: row.data)
    let result = judgeStatus(by: 200, data: body, type: CardDTO.self)
    #expect(
      result == .pathErr(reason: "status 200: data does not decode as CardDTO: \(row.problem)"))
  }

  @Test func wrongElementInAListIsNamedByIndex() {
    let body = WireFixtures.envelope(
      data: "[\(WireFixtures.fullCardJSON), {\"cardId\": \"c2\", \"userId\": \"demo\"}]")
    let result = judgeStatus(by: 200, data: body, type: [CardDTO].self)
    #expect(
      result
        == .pathErr(
          reason: "status 200: data does not decode as Array<CardDTO>: missing 'name' at data[1]"
        ))
  }

  @Test func successFalseIsAContractMismatchEvenWith200() {
    let body = WireFixtures.envelope(
      success: false, message: "card fetched", data: WireFixtures.fullCardJSON)
    let result = judgeStatus(by: 200, data: body, type: CardDTO.self)
    #expect(
      result == .pathErr(reason: "status 200: the envelope says success: false (\"card fetched\")"))
  }

  @Test func successFalseIsReportedWhateverShapeItsDataHas() {
    let body = WireFixtures.envelope(
      success: false, message: "no such card", data: #"{"unexpected": [1, 2]}"#)
    let result = judgeStatus(by: 200, data: body, type: CardDTO.self)
    #expect(
      result == .pathErr(reason: "status 200: the envelope says success: false (\"no such card\")"))
  }

  @Test func aFailedEnvelopeDecodesWithoutItsData() throws {
    let body = WireFixtures.envelope(
      status: 404, success: false, message: "not found", data: #""not a card""#)
    let envelope = try JSONDecoder().decode(GenericResponse<CardDTO>.self, from: body)
    #expect(envelope.message == "not found")
    #expect(envelope.data == nil)
  }

  @Test func successFalseQuotesAtMostAHundredCharactersOfTheMessage() {
    let message = String(repeating: "x", count: 500)
    let body = WireFixtures.envelope(success: false, message: message)
    let result = judgeStatus(by: 200, data: body, type: NoPayload.self)
    let excerpt = String(repeating: "x", count: 99) + "…"
    #expect(
      result == .pathErr(reason: "status 200: the envelope says success: false (\"\(excerpt)\")"))
  }
}
