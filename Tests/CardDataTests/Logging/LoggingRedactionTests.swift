import CardData
import CardDataTesting
import CardDomain
import CardTestingPrimitives
import Foundation
import Testing

@Suite("Request log: no secret reaches the log")
struct LoggingRedactionTests {
  private struct Login: Encodable, Sendable {
    let userId: String
    let password: String
  }

  private static let secrets = [
    "hunter2-secret", "stored-access-SECRET-1", "stored-refresh-SECRET-2",
    "issued-access-SECRET-3", "issued-refresh-SECRET-4", "FILE-MARKER-7f3a", "DISK-MARKER-91c2",
    "access-1", "refresh-1",
  ]

  @Test func loginTokenResponseBearerRequestsARefreshAndMultipartFilesAreLoggedRedacted()
    async throws
  {
    let clock = FakeWallClock()
    let store = InMemoryCredentialStore(
      credential: AuthCredential(
        userID: "demo", accessToken: "stored-access-SECRET-1",
        refreshToken: "stored-refresh-SECRET-2", expiresAt: clock.now().addingTimeInterval(3_600)))
    let authenticator = Authentication(
      store: store, refresher: SpyTokenRefresher(clock: clock), clock: clock)
    let transport = StubTransport()
    let lines = LineCollector()
    let client = RequestPipeline(
      baseURL: testBaseURL, transport: transport,
      middleware: withLog(RequestLog(.call, write: lines.write), around: [authenticator]),
      sleeper: RecordingSleeper())

    await transport.stub(
      method: .post, path: "/auth/login",
      with: [
        .status(
          200,
          body: #"{"status":200,"success":true,"message":"ok","data":{"userId":"demo","#
            + #""accessToken":"issued-access-SECRET-3","refreshToken":"issued-refresh-SECRET-4","#
            + #""tokens":[{"accessToken":"issued-access-SECRET-3"}]}}"#)
      ])
    await transport.stub(
      method: .get, path: "/cards",
      with: [.envelope(status: 401, message: "expired"), .status(200, body: #"{"data":[]}"#)])
    await transport.stub(method: .post, path: "/cards", with: [.status(201, body: "{}")])

    let login = TestEndpoint.make(
      path: "/auth/login", method: .post,
      body: .json(Login(userId: "demo", password: "hunter2-secret")), name: "login")
    #expect(try await client.send(login).status == 200)

    #expect(try await client.send(TestEndpoint.get("/cards", authorization: .bearer)).status == 200)

    let directory = try TemporaryDirectory()
    let file = try directory.write(Data("binary DISK-MARKER-91c2 bytes".utf8), to: "upload.bin")
    var form = MultipartFormData()
    form.append("Ada", name: "name")
    form.append("hunter2-secret", name: "Password")
    let jpeg = Data([0xFF, 0xD8]) + Data(" FILE-MARKER-7f3a jpeg".utf8)
    form.append(jpeg, name: "image", filename: "photo.jpg", contentType: "image/jpeg")
    form.appendFile(at: file, name: "scan", filename: "scan.bin", contentType: "application/pdf")
    let upload = TestEndpoint.make(
      path: "/cards", method: .post, body: .multipart(form), authorization: .bearer,
      name: "cardCreate")
    #expect(try await client.send(upload).status == 201)

    // The secrets did reach the wire, so their absence from the log is the redaction's doing.
    let wire = await transport.received.map { String(decoding: $0.body, as: UTF8.self) }
    #expect(wire.contains { $0.contains("hunter2-secret") && $0.contains("FILE-MARKER-7f3a") })
    #expect(wire.contains { $0.contains("DISK-MARKER-91c2") })

    let log = lines.lines
    #expect(!log.isEmpty)
    for line in log {
      for secret in Self.secrets {
        #expect(!line.contains(secret), "\(secret) leaked in: \(line)")
      }
    }

    func logged(_ fragment: String) -> Bool { log.contains { $0.contains(fragment) } }
    #expect(logged("[#") && logged(" login] -> POST https://api.example.com/auth/login"))
    #expect(logged(#"body: {"password":"<redacted>","userId":"demo"}"#))
    #expect(logged("<- 200 in "))
    #expect(logged(#""accessToken":"<redacted>""#))
    #expect(logged(#""refreshToken":"<redacted>""#))
    #expect(logged(#""tokens":[{"accessToken":"<redacted>"}]"#))
    #expect(logged("-> GET https://api.example.com/cards"))
    #expect(logged("Authorization: Bearer <redacted>"))
    #expect(logged("<- 401 in "))
    #expect(logged("~~ retrying (authentication) in 0.0 ms"))
    #expect(logged("attempt 2 headers: Accept: application/json; Authorization: Bearer <redacted>"))
    #expect(logged("cardCreate] -> POST https://api.example.com/cards"))
    #expect(logged("part name = Ada"))
    #expect(logged("part Password = <redacted>"))
    #expect(logged(#"part image: file "photo.jpg" (image/jpeg, 24 bytes, contents not logged)"#))
    #expect(logged(#"part scan: file "scan.bin" (application/pdf, 29 bytes, contents not logged)"#))
    #expect(logged("Content-Type: multipart/form-data; boundary=\(form.boundary)"))
    #expect(logged("<- 201 in "))
    #expect(logged("== status 201, 1 attempt, "))
    #expect(logged("== status 200, 2 attempts, "))
  }

  @Test func aQueryIsLoggedAsSentAndASensitiveItemsValueRedacted() async throws {
    let lines = LineCollector()
    let client = RequestPipeline(
      baseURL: testBaseURL, transport: StubTransport { _ in .status(200) },
      middleware: withLog(RequestLog(.call, write: lines.write)))
    _ = try await client.send(
      TestEndpoint.make(query: [
        QueryItem(name: "q", value: "이서준"), QueryItem(name: "token", value: "hunter2-secret"),
      ]))
    #expect(
      lines.lines.contains {
        $0.hasSuffix(
          "-> GET https://api.example.com/things?q=%EC%9D%B4%EC%84%9C%EC%A4%80&token=<redacted>")
      })
    #expect(!lines.lines.joined().contains("hunter2-secret"))
  }

  @Test func transportFailuresAndRetriesAreLoggedWithTheirKindAndDelay() async throws {
    let transport = StubTransport()
    await transport.stub(
      method: .get, path: "/things",
      with: [.failure(TransportError(.timedOut, "the request timed out")), .status(200)])
    let lines = LineCollector()
    let client = RequestPipeline(
      baseURL: testBaseURL, transport: transport,
      middleware: withLog(RequestLog(.call, write: lines.write), around: [RetryPolicy()]),
      sleeper: RecordingSleeper())
    _ = try await client.send(TestEndpoint.get())
    let log = lines.lines
    #expect(
      log.contains {
        $0.contains("<- no response after ") && $0.hasSuffix(": timedOut: the request timed out")
      })
    #expect(log.contains { $0.hasSuffix("~~ retrying (transientFailure) in 500 ms") })
    #expect(
      log.contains {
        $0.contains("== status 200, 2 attempts, ") && $0.hasSuffix("sent 0 bytes, received 0 bytes")
      })
    #expect(log.allSatisfy { $0.hasPrefix("[#") && $0.contains(" testThings] ") })
  }

  @Test func aFailedRequestLogsItsError() async throws {
    let transport = StubTransport()
    let lines = LineCollector()
    let client = RequestPipeline(
      baseURL: testBaseURL, transport: transport,
      middleware: withLog(
        RequestLog(.call, write: lines.write),
        around: [FailingMiddleware(error: .signedOut, log: CallLog())]))
    _ = await outcome(of: client, TestEndpoint.get())
    #expect(
      lines.lines.last?.contains("== failed: not signed in; use login first, 0 attempts") == true)
  }

  @Test func longBodiesAreClippedAfterRedactionWithTheNumberOfCharactersLeftOut() async throws {
    let transport = StubTransport()
    let body = #"{"password":"hunter2-secret","padding":"\#(String(repeating: "x", count: 50))"}"#
    await transport.stub(method: .get, path: "/things", with: [.status(200, body: body)])
    let lines = LineCollector()
    let client = RequestPipeline(
      baseURL: testBaseURL, transport: transport,
      middleware: withLog(RequestLog(.call, maximumBodyLength: 20, write: lines.write)))
    _ = try await client.send(TestEndpoint.get())
    let bodyLine = try #require(lines.lines.first { $0.contains("body: ") })
    let redacted = #"{"padding":"\#(String(repeating: "x", count: 50))","password":"<redacted>"}"#
    #expect(
      bodyLine.hasSuffix(
        "body: \(redacted.prefix(20))… (\(redacted.count - 20) more characters)"))
    #expect(!lines.lines.contains { $0.contains("hunter2") })
  }

  /// Its head only, redacted by pattern: a token cut off by the head is hidden up to the end.
  @Test func aBodyOver64KiBIsLoggedByItsHeadStillRedacted() async throws {
    let transport = StubTransport()
    let padding = String(repeating: "x", count: 100_000)
    let body = #"{"refreshToken":"hunter2-secret\#(padding)","password":"hunter2-too"}"#
    await transport.stub(method: .get, path: "/things", with: [.status(200, body: body)])
    let lines = LineCollector()
    let client = RequestPipeline(
      baseURL: testBaseURL, transport: transport,
      middleware: withLog(RequestLog(.call, maximumBodyLength: 40, write: lines.write)))
    _ = try await client.send(TestEndpoint.get())
    let bodyLine = try #require(lines.lines.first { $0.contains("body: ") })
    #expect(
      bodyLine.hasSuffix(#"body: {"refreshToken":"<redacted>… (\#(body.utf8.count) bytes in all)"#))
    #expect(!lines.lines.contains { $0.contains("hunter2") })
  }
}
