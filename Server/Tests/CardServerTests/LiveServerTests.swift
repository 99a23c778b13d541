import Foundation
import Testing

/// The reference server over real sockets on an ephemeral loopback port.
@Suite("The live server")
struct LiveServerTests {
  @Test func loginThenTheListInTheUsersOrderOverHTTP() async throws {
    try await LiveServer.with { server in
      let token = try await HTTPExchange.login(server.url)
      let list = try await HTTPExchange.send(
        "GET", server.url.appendingPathComponent("cards"), token: token)
      #expect(list.status == 200)
      #expect(list.header("Content-Type") == "application/json; charset=utf-8")
      let cards = try #require(list.envelope["data"] as? [[String: Any]])
      #expect(cards.map { $0["cardId"] as? String } == ["c1", "c2"])
    }
  }

  @Test func a401CarriesWWWAuthenticateBearerAlsoAnInjectedOne() async throws {
    try await LiveServer.with { server in
      let missing = try await HTTPExchange.send("GET", server.url.appendingPathComponent("cards"))
      #expect(missing.status == 401)
      #expect(missing.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)

      let fail = try await HTTPExchange.send(
        "POST", server.url.appendingPathComponent("_sandbox/fail"),
        json: #"{"status": 401, "count": 1}"#)
      #expect(fail.status == 200)
      let injected = try await HTTPExchange.send(
        "POST", server.url.appendingPathComponent("auth/login"),
        json: #"{"userId": "demo", "password": "demo"}"#)
      #expect(injected.status == 401)
      #expect(injected.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
    }
  }

  @Test func fiveFailedLoginsLockTheUserWith429AndRetryAfterTheAdminResetClearsIt() async throws {
    try await LiveServer.with { server in
      let login = server.url.appendingPathComponent("auth/login")
      for _ in 1...5 {
        let failed = try await HTTPExchange.send(
          "POST", login, json: #"{"userId": "demo", "password": "wrong"}"#)
        #expect(failed.status == 401)
      }
      let locked = try await HTTPExchange.send(
        "POST", login, json: #"{"userId": "demo", "password": "demo"}"#)
      #expect(locked.status == 429)
      // Whole seconds until the first failure is 60 s old; the fake-clock tests pin the value.
      #expect(
        locked.header("Retry-After").flatMap { Int($0) }.map { (1...60).contains($0) } == true)
      #expect(
        locked.envelope["message"] as? String
          == "too many failed logins for this user id within 60 s")
      #expect(try await HTTPExchange.login(server.url, user: "guest").isEmpty == false)

      let reset = try await HTTPExchange.send(
        "POST", server.url.appendingPathComponent("_sandbox/reset"), json: "{}")
      #expect(reset.status == 200)
      #expect(try await HTTPExchange.login(server.url).isEmpty == false)
    }
  }

  @Test func anUploadPastTheLimitIsRefusedWith413BeforeItsBodyHasEnded() async throws {
    try await LiveServer.with { server in
      let port = try #require(server.url.port)
      let statusLine = try await RawConnection.onThread {
        let connection = try RawConnection(port: port)
        let head =
          "POST /card HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer unused\r\n"
          + "Content-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n"
        try connection.write(Data(head.utf8))
        // 11 MiB and one chunk more, in 64 KiB chunks, and never the last chunk: a server
        // that waited for the whole body would never answer.
        let chunk = Data(repeating: 0x61, count: 64 * 1024)
        let chunkFrame = Data("10000\r\n".utf8) + chunk + Data("\r\n".utf8)
        for _ in 0..<(11 * 16 + 1) {
          try connection.write(chunkFrame)
        }
        return try connection.readStatusLine()
      }
      #expect(statusLine.hasPrefix("HTTP/1.1 413 "))
    }
  }

  @Test func aContentLengthPastTheLimitIsRefusedWith413BeforeAnyByteOfTheBody() async throws {
    try await LiveServer.with { server in
      let port = try #require(server.url.port)
      let statusLine = try await RawConnection.onThread {
        let connection = try RawConnection(port: port)
        let head =
          "PUT /cards HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
          + "Content-Length: 104857600\r\n\r\n"
        try connection.write(Data(head.utf8))
        return try connection.readStatusLine()
      }
      #expect(statusLine.hasPrefix("HTTP/1.1 413 "))
    }
  }

  @Test func offlineClosesTheConnectionWithoutAnAnswerTheAdminPathBringsItBack() async throws {
    try await LiveServer.with { server in
      let admin = server.url.appendingPathComponent("_sandbox/offline")
      #expect(try await HTTPExchange.send("POST", admin, json: #"{"offline": true}"#).status == 200)
      await #expect(throws: (any Error).self) {
        _ = try await HTTPExchange.send("GET", server.url.appendingPathComponent("cards"))
      }
      #expect(
        try await HTTPExchange.send("POST", admin, json: #"{"offline": false}"#).status == 200)
      let back = try await HTTPExchange.send("GET", server.url.appendingPathComponent("cards"))
      #expect(back.status == 401)
    }
  }

  @Test func failNExpireTokenAndTheFaultsSnapshotOverTheAdminPath() async throws {
    try await LiveServer.with { server in
      let token = try await HTTPExchange.login(server.url)
      let fail = try await HTTPExchange.send(
        "POST", server.url.appendingPathComponent("_sandbox/fail"),
        json: #"{"status": 503, "count": 1}"#)
      let snapshot = try #require(fail.envelope["data"] as? [String: Any])
      #expect(snapshot["summary"] as? String == "next request answers 503")
      let cards = server.url.appendingPathComponent("cards")
      #expect(try await HTTPExchange.send("GET", cards, token: token).status == 503)
      #expect(try await HTTPExchange.send("GET", cards, token: token).status == 200)

      let expire = try await HTTPExchange.send(
        "POST", server.url.appendingPathComponent("_sandbox/expire-token"), json: "{}")
      #expect(expire.status == 200)
      #expect(try await HTTPExchange.send("GET", cards, token: token).status == 401)
    }
  }

  @Test func malformAnswersTheNextRequests200WithABrokenReplyTheSnapshotCountsThem() async throws {
    try await LiveServer.with { server in
      let token = try await HTTPExchange.login(server.url)
      let malform = try await HTTPExchange.send(
        "POST", server.url.appendingPathComponent("_sandbox/malform"),
        json: #"{"kind": "envelope", "count": 2}"#)
      #expect(malform.status == 200)
      let snapshot = try #require(malform.envelope["data"] as? [String: Any])
      #expect(snapshot["malformedReply"] as? String == "envelope")
      #expect(snapshot["malformedRemaining"] as? Int == 2)
      #expect(snapshot["summary"] as? String == "next 2 replies malformed (envelope)")

      let cards = server.url.appendingPathComponent("cards")
      let broken = try await HTTPExchange.send("GET", cards, token: token)
      #expect(broken.status == 200)
      #expect(broken.envelope["success"] == nil)
      let faults = try await HTTPExchange.send(
        "GET", server.url.appendingPathComponent("_sandbox/faults"))
      let after = try #require(faults.envelope["data"] as? [String: Any])
      #expect(after["malformedRemaining"] as? Int == 1)
      _ = try await HTTPExchange.send("GET", cards, token: token)
      let carriedOut = try await HTTPExchange.send("GET", cards, token: token)
      #expect(carriedOut.envelope["success"] as? Bool == true)
    }
  }

  @Test func theRequestLogHasOneLinePerRequestAndNeverAToken() async throws {
    try await LiveServer.with { server in
      var lines = server.log.makeAsyncIterator()
      let token = try await HTTPExchange.login(server.url)
      let login = await lines.next()
      var components = URLComponents(
        url: server.url.appendingPathComponent("cards"), resolvingAgainstBaseURL: false)!
      components.queryItems = [URLQueryItem(name: "access_token", value: token)]
      _ = try await HTTPExchange.send("GET", components.url!, token: token)
      let list = await lines.next()
      #expect(login?.hasPrefix("POST /auth/login 200 ") == true)
      #expect(list?.hasPrefix("GET /cards 200 ") == true)
      #expect(list?.hasSuffix(" ms") == true)
      #expect(login?.contains(token) == false)
      #expect(list?.contains(token) == false)
    }
  }
}
