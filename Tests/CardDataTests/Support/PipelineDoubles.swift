import CardData
import CardDomain
import CardPrimitives
import Foundation

/// A thread-safe list of strings that middleware append to, so a test can check who ran and
/// in which order.
final class CallLog: Sendable {
  private let entries = Protected<[String]>([])

  var all: [String] { entries.withLock { $0 } }

  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
}

/// Appends its tag to the `X-Tags` header and logs the value it saw, so that a test can
/// check that middleware run in order, each on the previous one's output.
struct TagMiddleware: ClientMiddleware {
  let tag: String
  let log: CallLog

  func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    let seen = request.headers["X-Tags"] ?? ""
    log.append("\(tag) saw [\(seen)]")
    var tagged = request
    tagged.headers["X-Tags"] = seen.isEmpty ? tag : "\(seen),\(tag)"
    return try await next(tagged)
  }
}

/// A middleware that always ends the call, sending nothing.
struct FailingMiddleware: ClientMiddleware {
  let error: CardError
  let log: CallLog

  func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    log.append("failing middleware")
    throw .ended(error)
  }
}

/// A middleware that logs its name for every outcome the rest of the chain hands back and
/// answers it from a closure: hand it back, end the call with an error, or send again after a
/// delay (recorded in the context, waited with its sleeper).
struct ScriptedRetry: ClientMiddleware {
  enum Decision: Hashable, Sendable {
    case retry(after: Duration, reason: RetryReason)
    case fail(CardError)
    case handBack
  }

  typealias Outcome = Result<HTTPResponse, CallFailure>

  let name: String
  let log: CallLog
  let decide: @Sendable (Outcome, RequestContext) -> Decision

  init(
    _ name: String, log: CallLog,
    decide: @escaping @Sendable (Outcome, RequestContext) -> Decision
  ) {
    self.name = name
    self.log = log
    self.decide = decide
  }

  init(_ name: String, log: CallLog, always decision: Decision) {
    self.init(name, log: log) { _, _ in decision }
  }

  func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    while true {
      let outcome: Outcome
      do { outcome = .success(try await next(request)) } catch { outcome = .failure(error) }
      log.append(name)
      switch decide(outcome, context) {
      case .handBack: return try outcome.get()
      case .fail(let error): throw .ended(error)
      case .retry(let delay, let reason):
        context.retrying(reason, after: delay)
        do { try await context.sleeper.sleep(for: delay) } catch { throw .ended(.cancelled) }
      }
    }
  }
}

/// `middleware` with `log` around it at both its places: first, for the call, and last, for
/// each attempt.
func withLog(_ log: RequestLog, around middleware: [any ClientMiddleware] = [])
  -> [any ClientMiddleware]
{
  [log.at(.call)] + middleware + [log.at(.attempt)]
}

/// Sends `endpoint` and returns the outcome as a `Result`, for tests that compare errors.
func outcome<Response>(of client: some APIClient, _ endpoint: Endpoint<Response>) async
  -> Result<Response, CardError>
{
  do {
    return .success(try await client.send(endpoint))
  } catch {
    return .failure(error)
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }

  var success: Success? {
    if case .success(let value) = self { value } else { nil }
  }
}

extension NetworkResult {
  /// The payload of a success, `nil` for every other case.
  var value: Value? {
    if case .success(let value) = self { value } else { nil }
  }
}
