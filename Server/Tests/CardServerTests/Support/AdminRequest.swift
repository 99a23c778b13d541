import Foundation
import Testing

/// The admin path over HTTP, as the REPL's `sandbox` commands are for the in-process sandbox.
enum AdminRequest {
  /// `POST /_sandbox/<operation>` with `json`, which must be accepted.
  static func post(
    _ server: URL, _ operation: String, json: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let reply = try await HTTPExchange.send(
      "POST", server.appendingPathComponent("_sandbox/\(operation)"), json: json)
    #expect(reply.status == 200, "\(operation): \(reply.status)", sourceLocation: sourceLocation)
  }
}
