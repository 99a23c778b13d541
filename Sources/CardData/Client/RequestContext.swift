import CardDomain
import CardPrimitives
import Foundation
import Synchronization

/// One call of an endpoint as every middleware of the chain sees it, shared by all of them and
/// by all its attempts: who asked (`id`, unique and increasing within the process, the log's
/// `#12`), what the body holds, the pipeline's clock and sleeper, and what happened so far
/// (attempts sent, retries with their reasons, bytes, the deadline).
///
/// A middleware that sends again records why with `retrying(_:after:)` before it does, so
/// that every other middleware knows which attempt it sees.
public final class RequestContext: Sendable {
  public let id: Int
  public let endpointName: String
  package let authorization: Authorization
  /// What the body holds, for a log: never the bytes of a file part.
  package let body: RequestBodySummary
  /// The pipeline's clock, for deadlines.
  package let clock: any WallClock
  /// The pipeline's sleeper, for retry delays.
  package let sleeper: any Sleeper
  private let record = Protected(Record())

  /// One retry: why, after how long, and what the attempt before it got (`nil` when none had
  /// ended).
  package struct Retry: Hashable, Sendable {
    package let reason: RetryReason
    package let delay: Duration
    package let cause: AttemptOutcome?
  }

  /// What one attempt got: a response with this status, or no response.
  package enum AttemptOutcome: Hashable, Sendable {
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
  package var attempts: Int { record.withLock { $0.attempts } }
  package var bytesSent: Int64 { record.withLock { $0.bytesSent } }
  package var bytesReceived: Int64 { record.withLock { $0.bytesReceived } }
  /// The retries so far, oldest first.
  package var retries: [Retry] { record.withLock { $0.retries } }
  /// What the newest attempt got, `nil` before the first ends.
  package var lastOutcome: AttemptOutcome? { record.withLock { $0.lastOutcome } }

  /// When the whole call must be over, set by a ``CallDeadline``: the retry policy waits for
  /// no attempt that would begin after it, and each attempt gets what is left of it.
  package var deadline: CallDeadline.End? {
    get { record.withLock { $0.deadline } }
    set { record.withLock { $0.deadline = newValue } }
  }

  /// The attempt about to be made or being made: 1 for the first.
  package var attempt: Int { record.withLock { $0.retries.count + 1 } }

  package func retryCount(for reason: RetryReason) -> Int {
    record.withLock { $0.retries.count { $0.reason == reason } }
  }

  /// Records that the call is sent again after `delay`, for `reason`.
  package func retrying(_ reason: RetryReason, after delay: Duration) {
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
package enum RetryReason: String, Hashable, Sendable, CustomStringConvertible {
  /// The credential was refreshed, or had been, after a 401.
  case authentication
  /// A timeout, a dropped or refused connection, a 408 or a 5xx.
  case transientFailure

  package var description: String { rawValue }
}

extension RequestContext.AttemptOutcome: CustomStringConvertible {
  /// `status 503`, or the transport's message.
  package var description: String {
    switch self {
    case .status(let status): "status \(status)"
    case .noResponse(let error): error.message
    }
  }
}

/// What a request body holds, described for a log without handing them file contents; a
/// logger redacts the secrets in a JSON body before printing it.
package enum RequestBodySummary: Hashable, Sendable {
  case empty
  case json(Data)
  case multipart([Part])

  /// One multipart part: its size when known without reading a file, and the value of a text
  /// field, never the bytes of a file part.
  package struct Part: Hashable, Sendable {
    package let name: String
    package let filename: String?
    package let contentType: String?
    package let byteCount: Int64?
    package let text: String?

    package init(_ part: MultipartPart) {
      name = part.name
      filename = part.filename
      contentType = part.contentType
      switch part.content {
      case .data(let data):
        byteCount = Int64(data.count)
        text = part.isFile ? nil : String(data: data, encoding: .utf8)
      case .file(let url):
        let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber
        byteCount = size?.int64Value
        text = nil
      }
    }
  }
}
