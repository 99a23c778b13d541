import CardSandbox
import Foundation
import Testing

/// One row of the contract's status table: a request made with a demo user's access token
/// and the status the contract asks for.
struct StatusCase: Sendable, CustomTestStringConvertible {
  let name: String
  let status: Int
  let request: @Sendable (_ accessToken: String) -> SandboxRequest

  var testDescription: String { "\(status) \(name)" }
}

@Suite("Status codes of the contract")
struct StatusCodeTests {
  static let cases: [StatusCase] = [
    StatusCase(name: "login", status: 200) { _ in Requests.login() },
    StatusCase(name: "list", status: 200) { Requests.plain("GET", "/cards", token: $0) },
    StatusCase(name: "detail", status: 200) { Requests.plain("GET", "/card/c2", token: $0) },
    StatusCase(name: "reorder", status: 200) { Requests.reorder(["c2", "c1"], token: $0) },
    StatusCase(name: "delete", status: 200) { Requests.plain("DELETE", "/card/c2", token: $0) },
    StatusCase(name: "logout", status: 200) { Requests.plain("POST", "/auth/logout", token: $0) },
    StatusCase(name: "creation", status: 201) { Requests.create(.minimal(), token: $0) },
    StatusCase(name: "malformed JSON", status: 400) {
      Requests.json("PUT", "/cards", "{cardIds", token: $0)
    },
    StatusCase(name: "empty name", status: 400) {
      Requests.create(.minimal(name: ""), token: $0)
    },
    StatusCase(name: "unknown id in reorder", status: 400) {
      Requests.reorder(["c1", "c2", "c7"], token: $0)
    },
    StatusCase(name: "no token", status: 401) { _ in Requests.plain("GET", "/cards") },
    StatusCase(name: "unknown token", status: 401) { _ in
      Requests.plain("GET", "/card/c1", token: "at_forged")
    },
    StatusCase(name: "bad refresh token", status: 401) { _ in Requests.refresh("rt_forged") },
    StatusCase(name: "wrong password", status: 401) { _ in Requests.login("demo", "nope") },
    StatusCase(name: "another user's card", status: 403) {
      Requests.plain("DELETE", "/card/c3", token: $0)
    },
    StatusCase(name: "unknown card", status: 404) {
      Requests.plain("GET", "/card/c404", token: $0)
    },
    StatusCase(name: "unknown path", status: 404) { Requests.plain("GET", "/profile", token: $0) },
    StatusCase(name: "wrong method", status: 405) { Requests.plain("PATCH", "/cards", token: $0) },
    StatusCase(name: "image over 10 MiB", status: 413) { token in
      var form = TestForm.minimal()
      form.file(
        "image", filename: "big.jpg", contentType: "image/jpeg",
        bytes: SampleImages.jpeg(count: 10 * 1024 * 1024 + 1))
      return Requests.create(form, token: token)
    },
    StatusCase(name: "creation as JSON", status: 415) {
      Requests.json("POST", "/card", #"{"name": "Kim"}"#, token: $0)
    },
    StatusCase(name: "reorder as text", status: 415) {
      Requests.json("PUT", "/cards", #"{"cardIds": []}"#, token: $0, contentType: "text/plain")
    },
  ]

  @Test(arguments: cases)
  func eachStatusIsProducedWhereTheContractSays(row: StatusCase) async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let response = try await sandbox.handle(row.request(session.accessToken))
    #expect(response.status == row.status)
    _ = try ParsedEnvelope(response)
  }

  @Test func statuses500And503OccurOnlyWhenInjected() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    for row in Self.cases {
      #expect(try await sandbox.handle(row.request(session.accessToken)).status < 500)
    }
    try await sandbox.failNext(status: 500)
    #expect(try await sandbox.handle(Requests.login()).status == 500)
    try await sandbox.failNext(status: 503)
    #expect(try await sandbox.handle(Requests.login()).status == 503)
  }

  @Test func authenticationIsCheckedBeforeTheBody() async throws {
    let response = try await Sandbox().handle(Requests.json("PUT", "/cards", "{", token: nil))
    #expect(response.status == 401)
  }
}
