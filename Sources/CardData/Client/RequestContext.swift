import CardDomain
import CardPrimitives
import Foundation
import Synchronization

/// One call of an endpoint as every middleware of the chain sees it, shared by all of them and
/// by all its attempts: who asked (`id`, unique and increasing within the process, the log's
/// `#12`), what the body holds, the pipeline's clock and sleeper, and what happened so far
/// (attempts sent, retries with their reasons, bytes, the deadline).
///
/// A middleware that sends again records why with ``retrying(_:after:)`` before it does, so
/// that every other middleware knows which attempt it sees.
public final class RequestContext: Sendable {
  public let id: Int
  public let endpointName: String
  public let authorization: Authorization
  /// What the body holds, for a log: never the bytes of a file part.
  public let body: RequestBodySummary
  /// The pipeline's clock, for deadlines.
  package let clock: any WallClock
  /// The pipeline's sleeper, for retry delays.
  public let sleeper: any Sleeper
  private let record = Protected(Record())

  /// One retry: why, after how long, and what the attempt before it got (`nil` when none had
  /// ended).
  public struct Retry: Hashable, Sendable {
    public let reason: RetryReason
    public let delay: Duration
    public let cause: AttemptOutcome?
  }

  /// What one attempt got: a response with this status, or no response.
  public enum AttemptOutcome: Hashable, Sendable {
    case status(Int)
    case noResponse(TransportError)
  }

  private struct Record {
    var attempts = 0
    var bytesSent: Int64 = 0
    var bytesReceived: Int64 = 0
    var retries: [Retry] = []
    var lastOutcome: AttemptOutcome?
    var deadline: CallDeadline.End?
  }

  package init(
    id: Int, endpointName: String, authorization: Authorization, body: RequestBodySummary = .empty,
    clock: any WallClock = SystemWallClock(), sleeper: any Sleeper = TaskSleeper()
  ) {
    self.id = id
    self.endpointName = endpointName
    self.authorization = authorization
    self.body = body
    self.clock = clock
    self.sleeper = sleeper
  }

  /// How many attempts the transport was handed so far.
  public var attempts: Int { record.withLock { $0.attempts } }
  package var bytesSent: Int64 { record.withLock { $0.bytesSent } }
  package var bytesReceived: Int64 { record.withLock { $0.bytesReceived } }
  /// The retries so far, oldest first.
  public var retries: [Retry] { record.withLock { $0.retries } }
  /// What the newest attempt got, `nil` before the first ends.
  package var lastOutcome: AttemptOutcome? { record.withLock { $0.lastOutcome } }

  /// When the whole call must be over, set by a ``CallDeadline``: the retry policy waits for
  /// no attempt that would begin after it, and each attempt gets what is left of it.
  package var deadline: CallDeadline.End? {
    get { record.withLock { $0.deadline } }
    set { record.withLock { $0.deadline = newValue } }
  }

  /// The attempt about to be made or being made: 1 for the first.
  public var attempt: Int { record.withLock { $0.retries.count + 1 } }

  public func retryCount(for reason: RetryReason) -> Int {
    record.withLock { $0.retries.count { $0.reason == reason } }
  }

  /// Records that the call is sent again after `delay`, for `reason`.
  public func retrying(_ reason: RetryReason, after delay: Duration) {
    record.withLock {
      $0.retries.append(Retry(reason: reason, delay: delay, cause: $0.lastOutcome))
    }
  }

  func attemptSent(bytes: Int64) {
    record.withLock {
      $0.attempts += 1
      $0.bytesSent += bytes
    }
  }

  func attemptEnded(_ outcome: AttemptOutcome, bytesReceived: Int64 = 0) {
    record.withLock {
      $0.lastOutcome = outcome
      $0.bytesReceived += bytesReceived
    }
  }

  private static let counter = Atomic(0)

  /// The `id` of the newest call so far: every call with an `id` up to it has begun.
  static var newestID: Int { counter.load(ordering: .relaxed) }

  static func nextID() -> Int { counter.add(1, ordering: .relaxed).newValue }
}

/// Why a call was sent again; each middleware counts its own reasons to keep to its limits.
public enum RetryReason: String, Hashable, Sendable, CustomStringConvertible {
  /// The credential was refreshed, or had been, after a 401.
  case authentication
  /// A timeout, a dropped or refused connection, a 408 or a 5xx.
  case transientFailure

  public var description: String { rawValue }
}

extension RequestContext.AttemptOutcome: CustomStringConvertible {
  /// `status 503`, or the transport's message.
  public var description: String {
    switch self {
    case .status(let status): "status \(status)"
    case .noResponse(let error): error.message
    }
  }
}
