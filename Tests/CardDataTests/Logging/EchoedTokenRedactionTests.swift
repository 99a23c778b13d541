import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

/// Issue 9: a server that echoes the caller's token in its `message` got it printed.
@Suite("Redaction of the session's own tokens, wherever a server puts them")
struct EchoedTokenRedactionTests {
  private static let access = "echoed-access-SECRET-5b1"
  private static let refresh = "echoed-refresh-SECRET-9e4"

  private struct Harness {
    let clock = FakeWallClock()
    let lines = LineCollector()
    let transport = StubTransport()
    let refresher: SpyTokenRefresher
    let client: RequestPipeline

    init(refresherFailure: CardError? = nil) {
      let store = InMemoryCredentialStore(
        credential: AuthCredential(
          userID: "demo", accessToken: EchoedTokenRedactionTests.access,
          refreshToken: EchoedTokenRedactionTests.refresh,
          expiresAt: clock.now().addingTimeInterval(3_600)))
      refresher = SpyTokenRefresher(clock: clock, failure: refresherFailure)
      let tokens = KnownTokens()
      let redactor = Redactor(knownTokens: tokens)
      let authenticator = Authentication(
        store: store, refresher: refresher, clock: clock, knownTokens: tokens)
      client = RequestPipeline(
        baseURL: testBaseURL, transport: transport,
        middleware: withLog(
          RequestLog(.call, redactor: redactor, write: lines.write), around: [authenticator]),
        sleeper: RecordingSleeper(), redactor: redactor)
    }

    /// No line of the log holds either token.
    func expectCleanLog(sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(!lines.lines.isEmpty, sourceLocation: sourceLocation)
      for line in lines.lines {
        #expect(!line.contains("SECRET"), "\(line)", sourceLocation: sourceLocation)
      }
    }
  }

  private static let echo = "token \(access) with refresh \(refresh) may not do this"
  private static let hidden = "token <redacted> with refresh <redacted> may not do this"

  @Test func a4xxMessageThatEchoesBothTokensReachesNeitherTheCallerNorTheLog() async throws {
    let harness = Harness()
    await harness.transport.stub(
      method: .get, path: "/cards", with: [.envelope(status: 403, message: Self.echo)])
    let result = await outcome(of: harness.client, Endpoint<[Card]>.cardList)
    #expect(result.failure == .requestErr(message: Self.hidden, status: 403))
    harness.expectCleanLog()
  }

  @Test func a5xxMessageASuccessFalseMessageAndATransportMessageAreRedactedToo() async throws {
    let harness = Harness()
    await harness.transport.stub(
      method: .get, path: "/cards",
      with: [
        .envelope(status: 500, message: Self.echo),
        .status(
          200, body: #"{"status":200,"success":false,"message":"\#(Self.echo)","data":null}"#),
        .failure(TransportError(.cannotConnect, Self.echo)),
      ])
    let endpoint = Endpoint<[Card]>.cardList
    let noRetries = harness.client
    let server = await outcome(of: noRetries, endpoint)
    #expect(server.failure == .serverErr(status: 500, message: Self.hidden))
    let contract = await outcome(of: noRetries, endpoint)
    #expect(contract.failure?.description.contains("SECRET") == false)
    #expect(contract.failure?.description.contains("<redacted>") == true)
    let transport = await outcome(of: noRetries, endpoint)
    #expect(transport.failure == .networkFail(reason: Self.hidden))
    harness.expectCleanLog()
  }

  @Test func aRefusedRefreshWhoseMessageEchoesTheRefreshTokenEndsTheSessionRedacted() async throws {
    let harness = Harness(refresherFailure: .requestErr(message: Self.echo, status: 401))
    await harness.transport.stub(
      method: .get, path: "/cards", with: [.envelope(status: 401, message: Self.echo)])
    let result = await outcome(of: harness.client, Endpoint<[Card]>.cardList)
    #expect(result.failure == .sessionExpired(reason: Self.hidden))
    harness.expectCleanLog()
  }

  @Test func aTokenIssuedByARefreshIsKnownAtOnce() async throws {
    let harness = Harness()
    await harness.transport.stub(
      method: .get, path: "/cards",
      with: [
        .envelope(status: 401, message: "expired"),
        .envelope(status: 404, message: "no card for access-1 or refresh-1"),
      ])
    let result = await outcome(of: harness.client, Endpoint<[Card]>.cardList)
    #expect(
      result.failure == .requestErr(message: "no card for <redacted> or <redacted>", status: 404))
  }
}
