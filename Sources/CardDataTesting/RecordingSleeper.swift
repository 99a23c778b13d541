import CardData
import CardPrimitives
import CardTestingPrimitives

/// A sleeper that records every delay, so retry backoff can be checked without waiting. It
/// returns at once, or with `holdsEverySleep` holds each sleep until its task is cancelled,
/// as a very long delay would; ``waitUntilAsked(_:)`` tells when the pipeline started waiting.
public final class RecordingSleeper: Sleeper {
  private let recorded = Protected<[Duration]>([])
  private let asked = Tally()
  private let holdsEverySleep: Bool

  public init(holdsEverySleep: Bool = false) { self.holdsEverySleep = holdsEverySleep }

  public var delays: [Duration] { recorded.withLock { $0 } }

  public func waitUntilAsked(_ count: Int) async throws(CancellationError) {
    try await asked.wait(forAtLeast: count)
  }

  public func sleep(for duration: Duration) async throws(CancellationError) {
    recorded.withLock { $0.append(duration) }
    asked.increment()
    if holdsEverySleep { try await Gate().wait() }
    if Task.isCancelled { throw CancellationError() }
  }
}
