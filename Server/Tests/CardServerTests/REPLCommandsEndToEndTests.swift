import Foundation
import Testing

/// `card-repl --server` against the live server: every command and every result, through the
/// root package's composition root and `URLSessionTransport` over loopback.
extension EndToEndTests {
  @Suite("card-repl against the live server")
  struct REPLCommands {
    @Test func loginWhoamiTheListAndACardsDetail() async throws {
      try await EndToEnd.withREPL { _, repl, _ in
        let run = try await repl.run(
          commands: "login demo demo; whoami; cards --short; card get c1")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.lines.first == "signed in as demo")
        #expect(run.lines.contains("c1  Kim Minji  INFP"))
        #expect(run.lines.contains("c2  이서준  ENTJ"))
        #expect(run.lines.contains("id             c1"))
      }
    }

    @Test func createWithAnImageOf4MiBFromAFileTheServerKeepsExactlyItsBytes() async throws {
      try await EndToEnd.withREPL { server, repl, _ in
        let image = try repl.file("large.png", ImageBytes.png(byteCount: 4 << 20))
        let run = try await repl.run(
          commands: "login demo demo; card create name=Large mbti=istj image=large.png")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.lines.contains("id             c4"))
        #expect(run.lines.contains("image URL      /card/c4/image"))

        let token = try await HTTPExchange.login(server.url)
        let stored = try await HTTPExchange.send(
          "GET", server.url.appendingPathComponent("card/c4/image"), token: token)
        #expect(stored.status == 200)
        #expect(stored.body.count == image.count)
        #expect(stored.body == image)
      }
    }

    @Test func reorderThenDeleteThenTheDeletedCardIsNotFound() async throws {
      try await EndToEnd.withREPL { _, repl, _ in
        let run = try await repl.run(
          commands: "login demo demo; cards order c2 c1; cards --short; card delete c1; "
            + "cards --short; card get c1")
        #expect(run.status == 1, "\(run.output)")
        #expect(
          run.lines == [
            "signed in as demo",
            "1. c2  이서준",
            "2. c1  Kim Minji",
            "c2  이서준  ENTJ",
            "c1  Kim Minji  INFP",
            "deleted c1",
            "c2  이서준  ENTJ",
            "requestErr: card c1 not found (404)",
          ])
      }
    }

    @Test func searchFindsByHangulTextAndMBTIAndRefusesAnInvalidMBTI() async throws {
      try await EndToEnd.withREPL { _, repl, log in
        let run = try await repl.run(
          commands: "login demo demo; cards search 이; cards search SOPT mbti=infp; "
            + "cards search mbti=INFX")
        #expect(run.status == 1, "\(run.output)")
        #expect(
          run.lines.filter { $0.hasPrefix("id ") } == ["id             c2", "id             c1"])
        #expect(
          run.lines.last
            == "invalid: mbti must be four letters from E/I, S/N, T/F, J/P, not 'INFX'")
        let lines = try await log.settle()
        #expect(lines.count { $0.hasPrefix("GET /cards/search 200 ") } == 2, "\(lines)")
      }
    }

    @Test func anotherUsersCardIs403AMissingOne404() async throws {
      try await EndToEnd.withREPL { _, repl, _ in
        let run = try await repl.run(commands: "login demo demo; card get c3; card get c9")
        #expect(run.status == 1)
        #expect(run.lines.count == 3, "\(run.output)")
        #expect(run.lines.dropFirst().first?.hasPrefix("requestErr: ") == true)
        #expect(run.lines.dropFirst().first?.hasSuffix(" (403)") == true)
        #expect(run.lines.last == "requestErr: card c9 not found (404)")
      }
    }

    @Test func a413IsRequestErrAnImageOver10MiBIsRefusedBeforeAnythingIsSent() async throws {
      try await EndToEnd.withREPL { server, repl, log in
        #expect(try await repl.run(commands: "login demo demo").status == 0)
        // The client never sends an image over 10 MiB, so the server's own 413 for one cannot
        // be reached through card-repl: the server answers this one by the fail fault.
        try repl.file("large.png", ImageBytes.png(byteCount: 3 << 20))
        try await AdminRequest.post(server.url, "fail", json: #"{"status": 413, "count": 1}"#)
        let refused = try await repl.run(commands: "card create name=Large image=large.png")
        #expect(refused.status == 1)
        #expect(refused.lines.count == 1, "\(refused.output)")
        #expect(refused.lines.first?.hasPrefix("requestErr: ") == true)
        #expect(refused.lines.first?.hasSuffix(" (413)") == true)

        try repl.file("huge.png", ImageBytes.png(byteCount: (10 << 20) + 1))
        let local = try await repl.run(commands: "card create name=Huge image=huge.png")
        #expect(local.status == 1)
        #expect(
          local.lines == [
            "invalid: image is 10485761 bytes; the limit is 10485760 bytes (10 MiB)"
          ])
        let lines = try await log.settle()
        #expect(lines.count { $0.hasPrefix("POST /card ") } == 1, "\(lines)")
      }
    }

    @Test func a5xxIsRetriedTwiceForAGETThenServerErr() async throws {
      try await EndToEnd.withREPL { server, repl, log in
        #expect(try await repl.run(commands: "login demo demo").status == 0)
        try await AdminRequest.post(server.url, "fail", json: #"{"status": 503, "count": 3}"#)
        let run = try await repl.run(commands: "cards --short")
        #expect(run.status == 1)
        #expect(run.lines.count == 3, "\(run.output)")
        for (index, line) in run.lines.dropLast().enumerated() {
          #expect(line.hasPrefix("note: GET /cards answered 503; retrying in "))
          #expect(line.hasSuffix(" s (\(index + 1) of 2)"))
        }
        #expect(run.lines.last?.hasPrefix("serverErr: ") == true)
        #expect(run.lines.last?.hasSuffix(" (503)") == true)
        let lines = try await log.settle()
        #expect(lines.count { $0.hasPrefix("GET /cards 503 ") } == 3)
      }
    }

    @Test func aReplyLaterThanTimeoutIsNetworkFail() async throws {
      try await EndToEnd.withREPL { server, repl, _ in
        #expect(try await repl.run(commands: "login demo demo").status == 0)
        try await AdminRequest.post(server.url, "latency", json: #"{"milliseconds": 4000}"#)
        let run = try await repl.run(
          commands: "card create name=Late", options: ["--timeout", "1"])
        try await AdminRequest.post(server.url, "latency", json: #"{"milliseconds": 0}"#)
        #expect(run.status == 1)
        #expect(run.lines.count == 1, "\(run.output)")
        #expect(run.lines.first?.hasPrefix("networkFail: ") == true)
      }
    }

    @Test func aServerThatHasStoppedIsNetworkFail() async throws {
      let server = try await LiveServer.start()
      let repl = try CardREPLProcess(server: server.url)
      defer { repl.remove() }
      #expect(try await repl.run(commands: "login demo demo").status == 0)
      await server.stop()
      let run = try await repl.run(commands: "card get c1")
      #expect(run.status == 1)
      // A GET is retried twice when there is no answer, each retry told in a note.
      #expect(run.lines.count == 3, "\(run.output)")
      #expect(run.lines.dropLast().allSatisfy { $0.hasPrefix("note: GET /card/c1 failed (") })
      #expect(run.lines.last?.hasPrefix("networkFail: ") == true)
    }
  }
}
