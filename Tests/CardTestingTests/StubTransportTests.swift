import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

@Suite("Stub transport")
struct StubTransportTests {
  private let transport = StubTransport()

  private func request(
    _ method: HTTPMethod = .get, _ path: String = "/things", headers: HTTPHeaders = [:],
    body: HTTPBody = .empty
  ) -> HTTPRequest {
    HTTPRequest(
      method: method, url: URL(string: "https://api.example.com\(path)")!, headers: headers,
      body: body)
  }

  private func status(_ request: HTTPRequest) async -> Int? {
    try? await transport.send(request).status
  }

  private struct Envelope: Decodable, Equatable {
    let status: Int
    let success: Bool
    let message: String
    let data: String?
  }

  @Test func repliesAreGivenInOrderAndTheLastOneRepeats() async throws {
    await transport.stub(
      method: .get, path: "/things",
      with: [.status(200, body: "one"), .status(500, body: "two"), .status(201, body: "three")])
    var bodies: [String] = []
    for _ in 0..<5 {
      let response = try await transport.send(request())
      bodies.append("\(response.status) \(String(decoding: response.body, as: UTF8.self))")
    }
    #expect(bodies == ["200 one", "500 two", "201 three", "201 three", "201 three"])
  }

  @Test func failuresAreThrownAsTransportErrorsInSequenceWithResponses() async throws {
    let timeout = TransportError(.timedOut, "the request timed out")
    await transport.stub(method: .get, path: "/things", with: [.failure(timeout), .status(200)])
    await #expect(throws: timeout) { try await transport.send(request()) }
    #expect(await status(request()) == 200)
  }

  @Test func aHeldReplyAnswersNothingUntilTheRequestIsCancelledThenThrowsCancelled() async throws {
    await transport.stub(method: .get, path: "/things", with: [.hold])
    let request = request()
    let task = Task { () async throws(TransportError) -> HTTPResponse in
      try await transport.send(request)
    }
    try await transport.waitUntilReceived(1)
    task.cancel()
    await #expect(throws: TransportError.cancelled) { try await task.value }
  }

  @Test func aRequestNoRouteMatchesGetsTheContracts404Envelope() async throws {
    let response = try await transport.send(request(.get, "/nothing%20here"))
    #expect(response.status == 404)
    #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
    let envelope = try JSONDecoder().decode(Envelope.self, from: response.body)
    #expect(
      envelope
        == Envelope(
          status: 404, success: false, message: "no stub for GET /nothing%20here", data: nil))
  }

  @Test func routesMatchOnMethodAsWellAsPath() async throws {
    await transport.stub(method: .get, path: "/things", with: [.status(200)])
    #expect(await status(request(.post, "/things")) == 404)
    #expect(await status(request(.get, "/things")) == 200)
  }

  @Test func stubbingARouteAgainReplacesItsRepliesAndRestartsTheSequence() async throws {
    await transport.stub(method: .get, path: "/things", with: [.status(500)])
    #expect(await status(request()) == 500)
    await transport.stub(method: .get, path: "/things", with: [.status(202), .status(203)])
    #expect(await status(request()) == 202)
    #expect(await status(request()) == 203)
  }

  @Test func theFallbackAnswersUnmatchedRequestsRoutesWinOverItItCanBeRemoved() async throws {
    let transport = StubTransport { request in
      .status(299, body: request.headers["X-Echo"] ?? "none")
    }
    await transport.stub(method: .get, path: "/routed", with: [.status(200)])

    let echoed = try await transport.send(request(.get, "/other", headers: ["X-Echo": "hello"]))
    #expect(echoed.status == 299)
    #expect(String(decoding: echoed.body, as: UTF8.self) == "hello")
    #expect(try await transport.send(request(.get, "/routed")).status == 200)

    await transport.setFallback { _ in .failure(TransportError(.cannotConnect, "refused")) }
    await #expect(throws: TransportError(.cannotConnect, "refused")) {
      try await transport.send(request(.get, "/other"))
    }
    await transport.setFallback(nil)
    #expect(try await transport.send(request(.get, "/other")).status == 404)
  }

  @Test func anEndpointStubDefaultsToTheEndpointsSampleResponseAndMatchesItsEncodedPath()
    async throws
  {
    let endpoint = Endpoint.cardDetailFetch(try CardID("a/b c?"))
    await transport.stub(endpoint)
    let client = RequestPipeline(
      baseURL: URL(string: "https://api.example.com")!, transport: transport)
    let card = try await client.send(endpoint)
    #expect(card.id.rawValue == "c1", "the sample reply's card")
    #expect(
      await transport.received.first?.request.url.path(percentEncoded: true) == "/card/a%2Fb%20c%3F"
    )

    await transport.stub(endpoint, with: [.envelope(status: 404, message: "card a/b c? not found")])
    await #expect(throws: CardError.requestErr(message: "card a/b c? not found", status: 404)) {
      try await client.send(endpoint)
    }
  }

  @Test func aRawReplyCarriesItsOwnStatusBodyAndContentType() async throws {
    await transport.stub(
      method: .get, path: "/things", with: [.raw(status: 502, body: "<html>Bad gateway</html>")])
    let response = try await transport.send(request())
    #expect(response.status == 502)
    #expect(response.headers["Content-Type"] == "text/html")
    #expect(String(decoding: response.body, as: UTF8.self) == "<html>Bad gateway</html>")
  }

  @Test func everyRequestIsRecordedInOrderWithItsBodyMatchedOrNot() async throws {
    await transport.stub(method: .post, path: "/things", with: [.status(201)])
    _ = try await transport.send(
      request(.post, "/things", headers: ["X-N": "1"], body: .data(Data("first".utf8))))
    _ = try await transport.send(request(.get, "/unmatched", headers: ["X-N": "2"]))
    let received = await transport.received
    #expect(received.map(\.request.method) == [.post, .get])
    #expect(received.map { $0.request.headers["X-N"] } == ["1", "2"])
    #expect(received.map(\.body) == [Data("first".utf8), Data()])
    #expect(received[0].request.body == .data(Data("first".utf8)))
  }

  @Test func aFileBodyIsReadIntoTheRecordedRequestWhenItArrives() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("stub-body-\(UUID().uuidString).bin")
    let bytes = Data((0...255).map { UInt8($0) }) + Data("tail".utf8)
    try bytes.write(to: file)
    _ = try await transport.send(
      request(.put, "/upload", body: .file(file, length: Int64(bytes.count))))
    try FileManager.default.removeItem(at: file)
    let recorded = try #require(await transport.received.first)
    #expect(recorded.body == bytes)
    #expect(recorded.request.body == .file(file, length: Int64(bytes.count)))
  }
}
