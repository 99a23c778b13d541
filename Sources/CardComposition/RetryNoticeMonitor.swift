import CardData
import CardPrimitives
import CardREPL
import Foundation

/// Tells the REPL about each retry of a transient failure, as it is about to wait
/// (``CardREPL/SessionNote/retrying(_:)``), and how many attempts a retried request took once it
/// ends (``CardREPL/SessionNote/finishedAfter(attempts:)``). A retry after a refreshed token
/// is the refresh note's, not this one's. The REPL's notes port is all it knows of the REPL.
final class RetryNoticeMonitor: EventMonitor {
  private let notes: SessionNotes
  /// The retry policy's limit, for "(1 of 2)".
  private let limit: Int
  private let redactor: Redactor
  /// By request id, what its last attempt was and how it ended, until the request finishes.
  private let attempts = Protected<[Int: Attempt]>([:])

  private struct Attempt {
    var method: String
    var path: String
    var cause = ""
  }

  init(notes: SessionNotes, limit: Int, redactor: Redactor) {
    self.notes = notes
    self.limit = limit
    self.redactor = redactor
  }

  func requestSent(_ request: HTTPRequest, context: RequestContext) {
    let attempt = Attempt(method: request.method.rawValue, path: request.url.path)
    attempts.withLock { $0[context.id] = attempt }
  }

  func responseReceived(_ response: HTTPResponse, after elapsed: Duration, context: RequestContext)
  {
    attempts.withLock { $0[context.id]?.cause = "answered \(response.status)" }
  }

  func requestFailed(_ error: TransportError, after elapsed: Duration, context: RequestContext) {
    let cause = "failed (\(redactor.redact(text: error.message)))"
    attempts.withLock { $0[context.id]?.cause = cause }
  }

  func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext) {
    guard reason == .transientFailure,
      let attempt = attempts.withLock({ $0[context.id] })
    else { return }
    notes.post(
      .retrying(
        RetryNotice(
          method: attempt.method, path: attempt.path, cause: attempt.cause, delay: delay,
          retry: context.retryCount(for: .transientFailure) + 1, limit: limit)))
  }

  func requestFinished(_ metrics: RequestMetrics) {
    attempts.withLock { $0[metrics.context.id] = nil }
    guard metrics.context.retryCount(for: .transientFailure) > 0 else { return }
    notes.post(.finishedAfter(attempts: metrics.attempts))
  }
}
