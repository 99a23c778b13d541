import Foundation
import Testing

/// The admin path against requests a web page open on the developer's machine could send: the
/// browser is on loopback, so only the headers tell such a request apart.
@Suite("The admin path refuses cross-site requests")
struct AdminCrossSiteTests {
  @Test func aPOSTFromAWebPageTextPlainOriginIsRefusedWith403AndChangesNothing() async throws {
    try await LiveServer.with { server in
      let reply = try await HTTPExchange.send(
        "POST", server.url.appendingPathComponent("_sandbox/offline"),
        json: #"{"offline": true}"#,
        headers: ["Content-Type": "text/plain", "Origin": "https://evil.example"])
      #expect(reply.status == 403)
      #expect(
        reply.envelope["message"] as? String
          == "the admin path refuses requests that carry Origin, as a web page's do; "
          + "send it from curl or card-repl")
      try await AdminRequest.expectNoFaults(server)
    }
  }

  @Test func originIsRefusedWithJSONTooAndOnGET() async throws {
    try await LiveServer.with { server in
      let origin = ["Origin": "http://127.0.0.1:3000"]
      let fail = try await HTTPExchange.send(
        "POST", server.url.appendingPathComponent("_sandbox/fail"),
        json: #"{"status": 503}"#, headers: origin)
      #expect(fail.status == 403)
      let faults = try await HTTPExchange.send(
        "GET", server.url.appendingPathComponent("_sandbox/faults"), headers: origin)
      #expect(faults.status == 403)
      try await AdminRequest.expectNoFaults(server)
    }
  }

  @Test func aChangeWithoutContentTypeApplicationJsonIsRefusedWith415BodyOrNone() async throws {
    try await LiveServer.with { server in
      let admin = server.url.appendingPathComponent("_sandbox")
      for (method, operation, contentType) in [
        ("POST", "offline", "text/plain"),
        ("POST", "offline", "application/x-www-form-urlencoded"),
        ("POST", "offline", "multipart/form-data; boundary=b"),
        ("POST", "fail", "application/jsonx"),
        ("POST", "reset", nil),
        ("POST", "expire-token", nil),
        ("DELETE", "faults", nil),
      ] as [(String, String, String?)] {
        let body =
          operation == "offline"
          ? #"{"offline": true}"# : operation == "fail" ? #"{"status": 503}"# : nil
        let reply = try await HTTPExchange.send(
          method, admin.appendingPathComponent(operation), json: body,
          headers: contentType.map { ["Content-Type": $0] } ?? [:])
        #expect(reply.status == 415, "\(method) \(operation) \(contentType ?? "no type")")
        #expect(
          (reply.envelope["message"] as? String)?.hasPrefix(
            "an admin request that changes the sandbox needs Content-Type: application/json")
            == true)
      }
      try await AdminRequest.expectNoFaults(server)
    }
  }

  @Test func applicationJsonInAnyCaseAndWithParametersIsAcceptedGETNeedsNoType() async throws {
    try await LiveServer.with { server in
      let admin = server.url.appendingPathComponent("_sandbox")
      let fail = try await HTTPExchange.send(
        "POST", admin.appendingPathComponent("fail"), json: #"{"status": 503}"#,
        headers: ["Content-Type": "Application/JSON; charset=utf-8"])
      #expect(fail.status == 200)
      let faults = try await HTTPExchange.send("GET", admin.appendingPathComponent("faults"))
      #expect(faults.status == 200)
      let clear = try await HTTPExchange.send(
        "DELETE", admin.appendingPathComponent("faults"),
        headers: ["Content-Type": "application/json"])
      #expect(clear.status == 200)
      try await AdminRequest.expectNoFaults(server)
    }
  }
}
