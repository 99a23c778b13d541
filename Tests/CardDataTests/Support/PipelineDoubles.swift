import CardData
import CardDomain
import CardPrimitives
import Foundation

/// A thread-safe list of strings that adapters and retriers append to, so a test can check
/// who ran and in which order.
final class CallLog: Sendable {
  private let entries = Protected<[String]>([])

  var all: [String] { entries.withLock { $0 } }

  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
}

/// Appends its tag to the `X-Tags` header and logs the value it saw, so that a test can
/// check that adapters run in order, each on the previous one's output.
struct TagAdapter: RequestAdapter {
  let tag: String
  let log: CallLog

  func adapt(_ request: HTTPRequest, context: RequestContext) async throws(CardError)
    -> HTTPRequest
  {
    let seen = request.headers["X-Tags"] ?? ""
    log.append("\(tag) saw [\(seen)]")
    var adapted = request
    adapted.headers["X-Tags"] = seen.isEmpty ? tag : "\(seen),\(tag)"
    return adapted
  }
}

/// An adapter that always stops the request.
struct FailingAdapter: RequestAdapter {
  let error: CardError
  let log: CallLog

  func adapt(_ request: HTTPRequest, context: RequestContext) async throws(CardError)
    -> HTTPRequest
  {
    log.append("failing adapter")
    throw error
  }
}

/// A retrier that logs every question with the failure it was shown and answers from a
/// closure.
struct ScriptedRetrier: RequestRetrier {
  let name: String
  let log: CallLog
  let decide: @Sendable (Outcome, RequestContext) -> RetryDecision

  typealias Outcome = Result<HTTPResponse, TransportError>

  init(
    _ name: String, log: CallLog,
    decide: @escaping @Sendable (Outcome, RequestContext) -> RetryDecision
  ) {
    self.name = name
    self.log = log
    self.decide = decide
  }

  init(_ name: String, log: CallLog, always decision: RetryDecision) {
    self.init(name, log: log) { _, _ in decision }
  }

  func retry(_ request: HTTPRequest, after outcome: Outcome, context: RequestContext)
    async -> RetryDecision
  {
    log.append(name)
    return decide(outcome, context)
  }
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
