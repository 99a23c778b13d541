import Foundation
import Testing

/// The admin path over HTTP, as the REPL's `sandbox` commands are for the in-process sandbox.
enum AdminRequest {
  /// `POST /_sandbox/<operation>` with `json`, which must be accepted; its `Content-Type` is
  /// `application/json`, as the admin path requires, also for the empty object.
  static func post(
    _ server: URL, _ operation: String, json: String = "{}",
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let reply = try await HTTPExchange.send(
      "POST", server.appendingPathComponent("_sandbox/\(operation)"), json: json)
    #expect(reply.status == 200, "\(operation): \(reply.status)", sourceLocation: sourceLocation)
  }

  /// Expects `GET /_sandbox/faults` to report none: what a refused request must leave.
  static func expectNoFaults(
    _ server: LiveServer, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let faults = try await HTTPExchange.send(
      "GET", server.url.appendingPathComponent("_sandbox/faults"))
    let snapshot = faults.envelope["data"] as? [String: Any]
    #expect(snapshot?["summary"] as? String == "none", sourceLocation: sourceLocation)
  }
}
