import CardData
import CardDomain
import Foundation
import LoopbackHTTPTestServer

/// What a transport over real sockets must do in front of a server that misbehaves, as checks
/// that run against any implementation with `LoopbackHTTPServer` as the server: a challenge
/// it cannot answer, a reply over the limit however it is framed, a compressed reply it did not
/// ask for, a head too large, a dripping server, a redirect that would carry credentials or a
/// body elsewhere, a refused connection, a server that never answers within the time limit.
/// Each ends, passing or failing, within the transport's limits, which are real limits here,
/// with the same kind of error whichever transport runs it.
///
/// ```swift
/// @Test(arguments: HostileServerSpec.checks)
/// func againstHostileServers(_ check: HostileServerSpec.Check) async throws {
///   try await check.run { replyLimit in AppTransport(maximumReplySize: replyLimit) }
/// }
/// ```
public enum HostileServerSpec {
  /// Builds the transport under test for one check, refusing a reply body over `replyLimit`
  /// bytes (``replyLimit``) and with its other settings at their defaults.
  public typealias MakeTransport = @Sendable (_ replyLimit: Int) throws -> any HTTPTransport
  public typealias Check = SpecCheck<MakeTransport>

  /// The reply limit every check builds its transport with: 16 KiB.
  public static let replyLimit = 16 << 10

  public static let checks: [Check] = [
    Check("a 401 with a challenge it cannot answer is the reply, at once") { makeTransport in
      for challenge in [#"Basic realm="cards""#, #"Digest realm="cards", nonce="n1", qop="auth""#] {
        let server = try LoopbackHTTPServer { _ in
          .respond(
            status: 401, headers: [("WWW-Authenticate", challenge)],
            body: Data(#"{"status":401,"success":false,"message":"sign in"}"#.utf8))
        }
        defer { server.stop() }
        let response = try await makeTransport(replyLimit).send(
          HTTPRequest(method: .get, url: server.url("/cards")))
        try expect(response.status == 401, "a 401 (\(challenge)) arrived as \(response.status)")
        let answered = response.headers["WWW-Authenticate"]
        try expect(answered == challenge, "the challenge arrived as \(answered ?? "nothing")")
        try expect(
          server.requests.count == 1, "the server got \(server.requests.count) requests, not 1")
      }
    },

    // A byte every 50 ms keeps each attempt under any request timeout; only the call's
    // deadline, which covers every attempt and delay, ends the call (a real timeout of 1 s,
    // against the 20 s the server would take). The card list goes through the whole client,
    // signed in with a credential not due for a refresh.
    Check("a dripping server is stopped by the call's deadline") { makeTransport in
      let server = try LoopbackHTTPServer { _ in
        .trickle(bytes: 400, interval: .milliseconds(50))
      }
      defer { server.stop() }
      let credential = AuthCredential(
        userID: "demo", accessToken: "access", refreshToken: "refresh",
        expiresAt: Date().addingTimeInterval(3600))
      let api = CardAPI(
        baseURL: server.url(), transport: try makeTransport(replyLimit),
        store: InMemoryCredentialStore(credential: credential),
        deadline: CallDeadline(base: .seconds(1)))
      let result = await outcome { () throws(CardError) in try await api.cards.cards() }
      let expected =
        "no reply within 1 s, the call's deadline (1 attempt; the last: the reply from "
        + "127.0.0.1:\(server.port) was not complete by the call's deadline)"
      guard case .failure(.networkFail(reason: let reason)) = result else {
        throw failure("the dripping reply ended with \(result), not networkFail")
      }
      try expect(reason == expected, "the dripping reply failed as \(reason)")
    },

    // Refused up front when the reply announces its length, as it grows past the limit when
    // it is ended by the connection's close or comes in chunks.
    Check("a reply over the limit is refused, however it is framed") { makeTransport in
      let replies: [LoopbackHTTPServer.Reply] = [
        .respond(status: 200, body: Data(count: 4 * replyLimit)),
        .unframed(body: Data(count: 4 * replyLimit)),
        .chunked(body: Data(count: 4 * replyLimit), chunkSize: 4 << 10),
      ]
      for reply in replies {
        let server = try LoopbackHTTPServer { _ in reply }
        defer { server.stop() }
        for (sent, request) in requestsWithAndWithoutBody(to: server.url("/cards")) {
          let error = try await transportError(
            sending: request, through: makeTransport(replyLimit))
          try expect(
            error?.kind == .replyRefused,
            "\(reply) to \(sent) ended with \(String(describing: error))")
          try expect(
            error?.message
              == "the reply from 127.0.0.1:\(server.port) is larger than 16 KiB (the reply limit)",
            "\(reply) to \(sent) was refused as \(error?.message ?? "nothing")")
        }
      }
    },

    Check("a reply of exactly the limit is accepted") { makeTransport in
      let server = try LoopbackHTTPServer { _ in
        .respond(status: 200, body: Data(count: replyLimit))
      }
      defer { server.stop() }
      let response = try await makeTransport(replyLimit).send(
        HTTPRequest(method: .get, url: server.url("/cards")))
      try expect(
        response.body.count == replyLimit, "the body arrived as \(response.body.count) bytes")
    },

    // The request asks for no compression, and a compressed reply is refused when its header
    // arrives, without reading its body, so a gzip bomb is never inflated. The body, 290
    // bytes that inflate to 256 KiB of spaces, was made with Python's
    // `gzip.compress(b" " * 262144, 9, mtime=0)`.
    Check("a compressed reply it did not ask for is refused unread") { makeTransport in
      guard let packed = Data(base64Encoded: gzippedSpaces) else {
        throw failure("the gzipped body does not decode")
      }
      let server = try LoopbackHTTPServer { _ in
        .respond(status: 200, headers: [("Content-Encoding", "gzip")], body: packed)
      }
      defer { server.stop() }
      for (sent, request) in requestsWithAndWithoutBody(to: server.url("/cards")) {
        let error = try await transportError(sending: request, through: makeTransport(replyLimit))
        try expect(
          error?.kind == .replyRefused,
          "the gzip bomb to \(sent) ended with \(String(describing: error))")
        try expect(
          error?.message
            == "the reply from 127.0.0.1:\(server.port) is compressed (gzip), which was not asked for",
          "the gzip bomb to \(sent) was refused as \(error?.message ?? "nothing")")
      }
      let asked = server.requests.map { $0.header("Accept-Encoding") ?? "nothing" }
      try expect(asked == ["identity", "identity"], "the requests asked for \(asked)")
    },

    // A header line of 1 MiB, or headers of 400 KiB in all, are past what any client's parser
    // takes. Who refused it is the transport's to say: libcurl, SwiftNIO's parser.
    Check("a header too large is a reply refused") { makeTransport in
      for (lines, length) in [(1, 1 << 20), (8, 50_000)] {
        let headers = (0..<lines).map { ("X-Padding-\($0)", String(repeating: "a", count: length)) }
        let server = try LoopbackHTTPServer { _ in
          .respond(status: 200, headers: headers, body: Data("{}".utf8))
        }
        defer { server.stop() }
        let error = try await transportError(
          sending: HTTPRequest(method: .get, url: server.url("/cards")),
          through: makeTransport(replyLimit))
        let message = error?.message ?? "nothing"
        try expect(
          error?.kind == .replyRefused,
          "\(lines) header lines of \(length) bytes ended with \(String(describing: error))")
        try expect(
          message.hasPrefix("the header of the reply from 127.0.0.1:\(server.port) is larger than ")
            && message.contains(" accepts (") && message.hasSuffix(")"),
          "\(lines) header lines of \(length) bytes were refused as \(message)")
      }
    },

    Check("a same-origin redirect is followed with the credentials") { makeTransport in
      for status in [301, 302, 307, 308] {
        let origin = try redirectingServer(status: status) { _ in "/landing" }
        defer { origin.stop() }
        let response = try await makeTransport(replyLimit).send(
          HTTPRequest(method: .get, url: origin.url("/start"), headers: credentials))
        try expect(response.status == 200, "a \(status) ended as \(response.status)")
        try expect(response.body == Data("landed".utf8), "a \(status) did not land")
        let followed = try lastRequest(origin)
        try expect(followed.target == "/landing", "a \(status) went to \(followed.target)")
        try expect(
          followed.header("Authorization") == "Bearer secret"
            && followed.header("Cookie") == "session=s1",
          "a \(status) to the same origin dropped the credentials")
      }
    },

    Check("a redirect to another port drops the credentials") { makeTransport in
      for status in [302, 307] {
        let target = try LoopbackHTTPServer { _ in .respond(status: 200) }
        defer { target.stop() }
        let targetURL = target.url("/landing").absoluteString
        let origin = try redirectingServer(status: status) { _ in targetURL }
        defer { origin.stop() }
        let response = try await makeTransport(replyLimit).send(
          HTTPRequest(method: .get, url: origin.url("/start"), headers: credentials))
        try expect(response.status == 200, "a \(status) ended as \(response.status)")
        let followed = try lastRequest(target)
        try expect(followed.target == "/landing", "a \(status) went to \(followed.target)")
        try expect(
          followed.header("Authorization") == nil && followed.header("Cookie") == nil,
          "a \(status) to another port carried the credentials")
        let accept = followed.header("Accept")
        try expect(accept == "application/json", "Accept arrived as \(accept ?? "nothing")")
      }
    },

    Check("a redirect to another host name drops the credentials") { makeTransport in
      let origin = try redirectingServer(status: 302) { request in
        "http://localhost:\(request.header("Host")?.split(separator: ":").last ?? "")/landing"
      }
      defer { origin.stop() }
      let response = try await makeTransport(replyLimit).send(
        HTTPRequest(method: .get, url: origin.url("/start"), headers: credentials))
      try expect(response.status == 200, "the redirect ended as \(response.status)")
      let followed = try lastRequest(origin)
      try expect(followed.target == "/landing", "the redirect went to \(followed.target)")
      let host = followed.header("Host") ?? "nothing"
      try expect(host.hasPrefix("localhost:"), "the redirect arrived for host \(host)")
      try expect(
        followed.header("Authorization") == nil && followed.header("Cookie") == nil,
        "a redirect to another host name carried the credentials")
    },

    // Sign-in and refresh carry a body: a redirect must not take them, or the token it leads
    // to, anywhere else. The redirect itself is the reply.
    Check("a redirect of a request with a body is the reply") { makeTransport in
      for status in [303, 307] {
        let origin = try redirectingServer(status: status) { _ in "/landing" }
        defer { origin.stop() }
        let response = try await makeTransport(replyLimit).send(
          HTTPRequest(
            method: .post, url: origin.url("/start"), headers: ["Content-Type": "text/plain"],
            body: .data(Data("hello".utf8))))
        try expect(response.status == status, "a \(status) ended as \(response.status)")
        let location = response.headers["Location"]
        try expect(location == "/landing", "Location arrived as \(location ?? "nothing")")
        let targets = origin.requests.map(\.target)
        try expect(targets == ["/start"], "a \(status) of a POST was followed: \(targets)")
      }
    },

    Check("a redirect to another scheme is the reply") { makeTransport in
      for location in ["https://127.0.0.1:1/landing", "file:///etc/passwd"] {
        let origin = try redirectingServer(status: 302) { _ in location }
        defer { origin.stop() }
        let response = try await makeTransport(replyLimit).send(
          HTTPRequest(method: .get, url: origin.url("/start"), headers: credentials))
        try expect(
          response.status == 302,
          "a redirect to \(location) ended as \(response.status), \(response.body.count) bytes"
            + " with \(response.headers.map { "\($0.name): \($0.value)" })")
        let arrived = response.headers["Location"]
        try expect(arrived == location, "Location arrived as \(arrived ?? "nothing")")
        let targets = origin.requests.map(\.target)
        try expect(targets == ["/start"], "a redirect to \(location) was followed: \(targets)")
      }
    },

    // The wording after the address is the transport's (its library's error), but never the
    // request's query, which may hold a secret.
    Check("a refused connection cannot connect, and the message keeps the query out") {
      makeTransport in
      let port = try RefusingPort()
      let error = try await transportError(
        sending: HTTPRequest(method: .get, url: port.url("/cards?token=secret")),
        through: makeTransport(replyLimit))
      let message = error?.message ?? "nothing"
      try expect(error?.kind == .cannotConnect, "a refused connection ended with \(message)")
      try expect(
        message.hasPrefix("cannot connect to 127.0.0.1:\(port.port)"),
        "a refused connection was reported as \(message)")
      try expect(!message.contains("secret"), "the message holds the query: \(message)")
    },

    // What is left of the call's deadline ends an attempt the server never answers, or keeps
    // answering a byte at a time, with a body or without: the transport's own timeouts are far
    // longer.
    Check("an attempt past its time limit times out") { makeTransport in
      let replies: [LoopbackHTTPServer.Reply] = [
        .hang, .trickle(bytes: 400, interval: .milliseconds(50)),
      ]
      for reply in replies {
        let server = try LoopbackHTTPServer { _ in reply }
        defer { server.stop() }
        for (sent, var request) in requestsWithAndWithoutBody(to: server.url("/cards")) {
          request.timeLimit = .milliseconds(700)
          let error = try await transportError(sending: request, through: makeTransport(replyLimit))
          let message = error?.message ?? "nothing"
          try expect(
            error?.kind == .timedOut,
            "\(reply) to \(sent) past the time limit ended with \(message)")
          try expect(
            message
              == "the reply from 127.0.0.1:\(server.port) was not complete by the call's deadline",
            "\(reply) to \(sent) past the time limit was reported as \(message)")
        }
      }
    },
  ]

  /// A `GET` without a body and a `POST` with one, each named for a failure's message: some
  /// transports send the two differently.
  private static func requestsWithAndWithoutBody(to url: URL) -> [(String, HTTPRequest)] {
    [
      ("a GET", HTTPRequest(method: .get, url: url)),
      (
        "a POST with a body",
        HTTPRequest(
          method: .post, url: url, headers: ["Content-Type": "application/json"],
          body: .data(Data(#"{"name": "Kim"}"#.utf8)))
      ),
    ]
  }

  private static let credentials: HTTPHeaders = [
    "Authorization": "Bearer secret", "Cookie": "session=s1", "Accept": "application/json",
  ]

  /// A server answering `/start` with a redirect to `location`, and anything else with 200.
  private static func redirectingServer(
    status: Int, to location: @escaping @Sendable (LoopbackHTTPServer.Request) -> String
  ) throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { request in
      request.target == "/start"
        ? .respond(status: status, headers: [("Location", location(request))])
        : .respond(status: 200, body: Data("landed".utf8))
    }
  }

  private static func lastRequest(_ server: LoopbackHTTPServer) throws
    -> LoopbackHTTPServer
    .Request
  {
    guard let last = server.requests.last else { throw failure("the server received no request") }
    return last
  }

  /// The transport error `send` threw, or `nil` when it returned a response.
  private static func transportError(
    sending request: HTTPRequest, through transport: any HTTPTransport
  ) async -> TransportError? {
    await outcome { () throws(TransportError) in try await transport.send(request) }.failure
  }

  private static let gzippedSpaces =
    "H4sIAAAAAAACA+3BMQEAAADCoCrrn9LbDkABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAALwBNKAvkgAABAA="
}
