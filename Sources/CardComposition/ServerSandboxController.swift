import CardData
import CardREPL
import Foundation

/// The `sandbox …` commands over a server's admin path, `/_sandbox/` as the reference server
/// (`card-server`, docs/reference-server.md) serves it. A server without that path or method
/// (`404`, `405`, or `501` from one that implements no `POST`) or one that refuses this
/// client (`403`: the path answers only on loopback) does not offer the sandbox's controls,
/// and the command says so. `reset` signs everyone out on the
/// server, so it also clears this client's session, as ``SandboxController`` does.
struct ServerSandboxController: SandboxControlling {
  let baseURL: URL
  let transport: any HTTPTransport
  let store: any CredentialStore
  /// The step that mends the store, when clearing it fails.
  let advice: @Sendable (_ signingOut: Bool) -> String

  func run(_ command: SandboxCommand) async throws(CommandFailure) -> SandboxFaultSummary {
    let operation = AdminRequest(command)
    let path = "/_sandbox/\(operation.name)"
    var request = HTTPRequest(method: .post, url: baseURL.appendingPathComponent(path))
    // Also without a body: the admin path refuses a change without this type, and one that
    // carries `Origin` (which this request never does), so that a web page cannot send one.
    request.headers = ["Content-Type": "application/json"]
    if let body = operation.body {
      request.body = .data(Data(body.utf8))
    }
    let response: HTTPResponse
    do {
      response = try await transport.send(request)
    } catch {
      if error.kind == .cancelled { throw .cancelled }
      throw CommandFailure(.networkFail, error.message)
    }
    let summary = try Self.summary(of: response, path: path)
    if command == .reset {
      do {
        try await store.clear()
      } catch {
        throw CommandFailure(
          .serverErr, "the sandbox was reset, but \(error.message). \(advice(true))")
      }
    }
    return summary
  }

  /// The faults the admin path's `200` reports; the envelope's message for a refusal.
  private static func summary(of response: HTTPResponse, path: String) throws(CommandFailure)
    -> SandboxFaultSummary
  {
    let envelope = try? JSONDecoder().decode(AdminEnvelope.self, from: response.body)
    switch response.status {
    case 200:
      guard let faults = envelope?.data else {
        throw CommandFailure(
          .pathErr, "the server's answer to \(path) is not the faults it reports")
      }
      return faults.summary
    case 403:
      throw CommandFailure(
        .invalid,
        "this server does not offer the sandbox's controls to this client: POST \(path) "
          + "answered 403 (card-server answers them on loopback only)")
    case 404, 405, 501:
      throw CommandFailure(
        .invalid,
        "this server does not offer the sandbox's controls: POST \(path) answered "
          + "\(response.status) (the reference server, card-server, does)")
    case 400..<500:
      throw CommandFailure(.invalid, envelope?.message ?? "the server refused \(path)")
    default:
      throw CommandFailure(
        .serverErr, envelope?.message ?? "the server failed", status: response.status)
    }
  }
}

/// A `sandbox` command as the admin path names it, with its JSON arguments.
private struct AdminRequest {
  let name: String
  let body: String?

  init(_ command: SandboxCommand) {
    switch command {
    case .expireToken: (name, body) = ("expire-token", nil)
    case .revokeRefresh: (name, body) = ("revoke-refresh", nil)
    case .reset: (name, body) = ("reset", nil)
    case .fail(let status, let count):
      (name, body) = ("fail", #"{"status": \#(status), "count": \#(count)}"#)
    case .offline(let isOffline): (name, body) = ("offline", #"{"offline": \#(isOffline)}"#)
    case .latency(let milliseconds):
      (name, body) = ("latency", #"{"milliseconds": \#(milliseconds)}"#)
    case .malform(let kind, let count):
      (name, body) = ("malform", #"{"kind": "\#(kind.rawValue)", "count": \#(count)}"#)
    }
  }
}

/// The envelope of an admin answer; `data` is the faults after the operation, `null` on a
/// refusal.
private struct AdminEnvelope: Decodable {
  let message: String?
  let data: Faults?

  /// The reference server's faults snapshot. The malformed reply's fields are optional, so
  /// a server from before that fault still reads.
  struct Faults: Decodable {
    let offline: Bool
    let latencyMilliseconds: Int
    let failureStatus: Int?
    let failuresRemaining: Int
    let malformedReply: String?
    let malformedRemaining: Int?

    var summary: SandboxFaultSummary {
      SandboxFaultSummary(
        isOffline: offline, latencyMilliseconds: latencyMilliseconds,
        failureStatus: failureStatus, failuresRemaining: failuresRemaining,
        malformedReply: malformedReply.flatMap(MalformedReplyKind.init(rawValue:)),
        malformedRemaining: malformedRemaining ?? 0)
    }
  }
}
