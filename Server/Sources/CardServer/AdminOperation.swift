import CardSandbox
import Foundation

/// The sandbox's fault controls over HTTP, under `/_sandbox/`: the REPL's `sandbox` commands
/// by the same names. docs/reference-server.md lists them; only a loopback peer reaches them
/// (``LoopbackPolicy``), and they bypass the faults they set, so an offline sandbox can be
/// brought back.
enum AdminOperation: Equatable {
  /// `GET /_sandbox/faults`.
  case showFaults
  /// `DELETE /_sandbox/faults`.
  case clearFaults
  /// `POST /_sandbox/expire-token`: every access token issued so far expires now.
  case expireTokens
  /// `POST /_sandbox/revoke-refresh`: every refresh token stops working.
  case revokeRefreshTokens
  /// `POST /_sandbox/fail` with `{"status": 503, "count": 2}`; `count` defaults to 1.
  case fail(status: Int, count: Int)
  /// `POST /_sandbox/latency` with `{"milliseconds": 200}`; 0 turns it off.
  case latency(milliseconds: Int)
  /// `POST /_sandbox/offline` with `{"offline": true}`: the server closes every other
  /// connection without an answer until `{"offline": false}`.
  case offline(Bool)
  /// `POST /_sandbox/malform` with `{"kind": "envelope", "count": 2}`: the next `count`
  /// requests answer 200 with a reply that breaks the contract; `count` defaults to 1.
  case malform(MalformedReply, count: Int)
  /// `POST /_sandbox/reset`: the seed cards, no sessions, no faults, no failed logins.
  case reset

  static let prefix = "/_sandbox"

  /// Whether `target` (a request target, query included) is on the admin path.
  static func isAdmin(_ target: String) -> Bool {
    let path = target.prefix { $0 != "?" && $0 != "#" }
    return path == prefix || path.hasPrefix(prefix + "/")
  }

  /// A request to the admin path the server cannot carry out: the envelope's status and
  /// message, and for a `405` the methods that `Allow` names.
  struct Refusal: Error, Equatable {
    let status: Int
    let message: String
    var allowedMethods: [String] = []
    /// For a failure of the server's own, its cause with every path, for the log only: the
    /// message names no path of the server's machine.
    var detail: String?
  }

  /// The operation `method` and `target` name, with its arguments from `body`, a JSON object;
  /// `404` for an unknown operation, `405` for a wrong method, `400` naming the field for bad
  /// arguments: every number within the bounds the REPL's `sandbox` commands use.
  init(method: String, target: String, body: Data) throws(Refusal) {
    let path = target.prefix { $0 != "?" && $0 != "#" }
    let name = path.dropFirst(Self.prefix.count + 1)
    let allowed: [String]
    switch (name, method) {
    case ("faults", "GET"):
      self = .showFaults
      return
    case ("faults", "DELETE"):
      self = .clearFaults
      return
    case ("faults", _):
      allowed = ["DELETE", "GET"]
    case ("expire-token", "POST"), ("revoke-refresh", "POST"), ("fail", "POST"),
      ("latency", "POST"), ("offline", "POST"), ("malform", "POST"), ("reset", "POST"):
      self = try Self.operation(named: String(name), arguments: body)
      return
    case ("expire-token", _), ("revoke-refresh", _), ("fail", _), ("latency", _), ("offline", _),
      ("malform", _), ("reset", _):
      allowed = ["POST"]
    default:
      throw Refusal(
        status: 404, message: "no admin operation at \(path); see docs/reference-server.md")
    }
    throw Refusal(
      status: 405,
      message: "\(path) does not support \(method); use \(allowed.joined(separator: " or "))",
      allowedMethods: allowed)
  }

  private static func operation(named name: String, arguments body: Data) throws(Refusal)
    -> AdminOperation
  {
    switch name {
    case "expire-token": return .expireTokens
    case "revoke-refresh": return .revokeRefreshTokens
    case "reset": return .reset
    case "fail":
      let arguments = try AdminArguments(body, example: #"{"status": 503, "count": 2}"#)
      return .fail(
        status: try arguments.wholeNumber("status", in: SandboxFaults.failureStatuses),
        count: try arguments.wholeNumber("count", in: SandboxFaults.counts, default: 1))
    case "latency":
      let arguments = try AdminArguments(body, example: #"{"milliseconds": 200}"#)
      return .latency(
        milliseconds: try arguments.wholeNumber(
          "milliseconds", in: 0...SandboxFaults.maximumLatencyMilliseconds))
    case "malform":
      let arguments = try AdminArguments(body, example: #"{"kind": "envelope", "count": 2}"#)
      let kindName = try arguments.string("kind")
      guard let kind = MalformedReply(rawValue: kindName) else {
        let kinds = MalformedReply.allCases.map { #""\#($0.rawValue)""# }
        throw Refusal(
          status: 400,
          message: "no malformed reply \(kindName); kind is \(kinds.joined(separator: " or "))")
      }
      return .malform(
        kind, count: try arguments.wholeNumber("count", in: SandboxFaults.counts, default: 1))
    default:
      let arguments = try AdminArguments(body, example: #"{"offline": true}"#)
      return .offline(try arguments.boolean("offline"))
    }
  }

  /// Carries the operation out; `400` for arguments the sandbox refuses, `500` when its
  /// state file cannot be locked, read or saved, its message naming no path and its
  /// ``Refusal/detail`` the cause.
  func apply(to sandbox: Sandbox) async throws(Refusal) {
    do {
      switch self {
      case .showFaults: return
      case .clearFaults: await sandbox.clearFaults()
      case .expireTokens: try await sandbox.expireAccessTokens()
      case .revokeRefreshTokens: try await sandbox.revokeRefreshTokens()
      case .fail(let status, let count): try await sandbox.failNext(status: status, count: count)
      case .latency(let milliseconds): try await sandbox.setLatency(.milliseconds(milliseconds))
      case .offline(let isOffline): await sandbox.setOffline(isOffline)
      case .malform(let kind, let count): try await sandbox.malformNext(kind, count: count)
      case .reset: try await sandbox.reset()
      }
    } catch let error as SandboxFaultError {
      throw Refusal(status: 400, message: error.description)
    } catch {
      throw Refusal(
        status: 500,
        message:
          "the sandbox's state cannot be read or saved, so nothing changed; "
          + "the server's log names the cause",
        detail: "\(error)")
    }
  }
}
