import CardData
import CardSandbox
import CardSandboxTransport
import CardTestingPrimitives
import Foundation
import Testing

@Suite("Sandbox transport")
struct SandboxTransportTests {
  private let sandbox: Sandbox
  /// Counts the requests that have entered the sandbox's latency, which only the
  /// cancellation of their task ends.
  private let inLatency: Tally

  init() {
    let inLatency = Tally()
    self.inLatency = inLatency
    sandbox = Sandbox(sleep: { _ in
      inLatency.increment()
      try await Gate().wait()
    })
  }
  private var transport: SandboxTransport { SandboxTransport(sandbox: sandbox) }

  private func login() async throws(TransportError) -> HTTPResponse {
    try await transport.send(
      HTTPRequest(
        method: .post, url: URL(string: "http://sandbox.invalid/auth/login")!,
        headers: ["Content-Type": "application/json"],
        body: .data(Data(#"{"userId":"demo","password":"demo"}"#.utf8))))
  }

  @Test func passesMethodPathHeadersAndBodyAndReturnsTheAnswer() async throws {
    let response = try await login()
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
    #expect(String(decoding: response.body, as: UTF8.self).contains(#""accessToken""#))
  }

  @Test func statusesAreResponsesNotErrors() async throws {
    let response = try await transport.send(
      HTTPRequest(method: .get, url: URL(string: "http://sandbox.invalid/nowhere?x=1")!))
    #expect(response.status == 404)
    #expect(String(decoding: response.body, as: UTF8.self).contains("no resource at /nowhere"))
  }

  @Test func readsFileBodiesFromDisk() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.appending("body.json")
    let body = Data(#"{"userId":"demo","password":"demo"}"#.utf8)
    try body.write(to: file)
    let response = try await transport.send(
      HTTPRequest(
        method: .post, url: URL(string: "http://sandbox.invalid/auth/login")!,
        headers: ["Content-Type": "application/json"],
        body: .file(file, length: Int64(body.count))))
    #expect(response.status == 200)
  }

  @Test func aMissingOrShorterBodyFileIsAnInvalidRequest() async throws {
    let directory = try TemporaryDirectory()
    let missing = HTTPRequest(
      method: .post, url: URL(string: "http://sandbox.invalid/card")!,
      body: .file(directory.appending("gone"), length: 3))
    await #expect(throws: TransportError.self) { try await transport.send(missing) }
    try Data("ab".utf8).write(to: directory.appending("short"))
    let short = HTTPRequest(
      method: .post, url: URL(string: "http://sandbox.invalid/card")!,
      body: .file(directory.appending("short"), length: 3))
    do {
      _ = try await transport.send(short)
      Issue.record("a short body file was sent")
    } catch {
      #expect(error.kind == .invalidRequest)
    }
  }

  @Test func offlineIsARefusedConnection() async throws {
    await sandbox.setOffline(true)
    do {
      _ = try await login()
      Issue.record("the offline sandbox answered")
    } catch {
      #expect(error == TransportError(.cannotConnect, "the sandbox is offline"))
      #expect(error.isTransient)
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingTheTaskIsACancellation() async throws {
    try await sandbox.setLatency(.seconds(30))
    let task = Task { try await login() }
    try await inLatency.wait(forAtLeast: 1)
    task.cancel()
    do {
      _ = try await task.value
      Issue.record("the cancelled request answered")
    } catch let error as TransportError {
      #expect(error.kind == .cancelled)
    }
  }

  @Test func thePathKeepsItsPercentEncodingSoASlashInAnIdStaysInOneSegment() async throws {
    let token = try JSONSerialization.jsonObject(with: try await login().body) as? [String: Any]
    let access = (token?["data"] as? [String: Any])?["accessToken"] as? String ?? ""
    let response = try await transport.send(
      HTTPRequest(
        method: .get, url: URL(string: "http://sandbox.invalid/card/a%2Fb?view=full")!,
        headers: ["Authorization": "Bearer \(access)"]))
    #expect(response.status == 404)
    #expect(String(decoding: response.body, as: UTF8.self).contains("card a/b not found"))
  }
}
