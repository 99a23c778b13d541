import CardSandbox
import Foundation
import Testing

@testable import CardServer

@Suite("The admin path's operations")
struct AdminOperationTests {
  private func parse(_ method: String, _ target: String, _ body: String = "") throws(AdminOperation
    .Refusal) -> AdminOperation
  {
    try AdminOperation(method: method, target: target, body: Data(body.utf8))
  }

  @Test func eachOperationByItsREPLName() throws {
    #expect(try parse("GET", "/_sandbox/faults") == .showFaults)
    #expect(try parse("DELETE", "/_sandbox/faults") == .clearFaults)
    #expect(try parse("POST", "/_sandbox/expire-token") == .expireTokens)
    #expect(try parse("POST", "/_sandbox/revoke-refresh") == .revokeRefreshTokens)
    #expect(
      try parse("POST", "/_sandbox/fail", #"{"status": 503}"#) == .fail(status: 503, count: 1))
    #expect(
      try parse("POST", "/_sandbox/fail", #"{"status": 500, "count": 3}"#)
        == .fail(status: 500, count: 3))
    #expect(
      try parse("POST", "/_sandbox/latency", #"{"milliseconds": 250}"#)
        == .latency(milliseconds: 250))
    #expect(try parse("POST", "/_sandbox/offline", #"{"offline": true}"#) == .offline(true))
    #expect(try parse("POST", "/_sandbox/reset") == .reset)
  }

  @Test func malformByTheREPLsNameTheKindAndACountThatDefaultsTo1() throws {
    #expect(
      try parse("POST", "/_sandbox/malform", #"{"kind": "envelope"}"#)
        == .malform(.envelope, count: 1))
    #expect(
      try parse("POST", "/_sandbox/malform", #"{"kind": "data", "count": 3}"#)
        == .malform(.data, count: 3))
  }

  @Test func malformRefusesAnUnknownKindAMissingOneAndAMethodOtherThanPOST() {
    do {
      _ = try parse("POST", "/_sandbox/malform", #"{"kind": "html"}"#)
      Issue.record("an unknown kind was accepted")
    } catch {
      #expect(error.status == 400)
      #expect(error.message.contains(#""envelope" or "data""#))
    }
    do {
      _ = try parse("POST", "/_sandbox/malform", #"{"count": 1}"#)
      Issue.record("a malform without a kind was accepted")
    } catch {
      #expect(error.status == 400)
    }
    do {
      _ = try parse("GET", "/_sandbox/malform")
      Issue.record("a GET of malform was accepted")
    } catch {
      #expect(error.status == 405)
      #expect(error.allowedMethods == ["POST"])
    }
  }

  @Test func unknownOperationsWrongMethodsAndBadArgumentsAreRefused() {
    #expect(throws: AdminOperation.Refusal.self) { try parse("POST", "/_sandbox/nothing") }
    do {
      _ = try parse("GET", "/_sandbox/reset")
      Issue.record("a GET of reset was accepted")
    } catch {
      #expect(error.status == 405)
      #expect(error.allowedMethods == ["POST"])
    }
    do {
      _ = try parse("POST", "/_sandbox/fail", "status=503")
      Issue.record("a form body was accepted")
    } catch {
      #expect(error.status == 400)
    }
  }

  @Test func aBodyThatNamesAKeyTwiceIsRefusedWhicheverValueComesFirst() {
    for body in [
      #"{"milliseconds": 600000, "milliseconds": 0}"#,
      #"{"milliseconds": 0, "milli\u0073econds": 600000}"#,
    ] {
      do {
        _ = try parse("POST", "/_sandbox/latency", body)
        Issue.record("\(body) was accepted")
      } catch {
        #expect(error.status == 400)
        #expect(error.message == "the key milliseconds appears more than once in one object")
      }
    }
  }

  @Test func theAdminPathIsSandboxAndBelowNothingElse() {
    #expect(AdminOperation.isAdmin("/_sandbox/faults"))
    #expect(AdminOperation.isAdmin("/_sandbox"))
    #expect(AdminOperation.isAdmin("/_sandbox/fail?x"))
    #expect(!AdminOperation.isAdmin("/_sandboxes"))
    #expect(!AdminOperation.isAdmin("/cards"))
  }
}
