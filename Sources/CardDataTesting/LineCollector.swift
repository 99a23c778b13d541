import CardPrimitives

/// Collects lines written by a logger, such as `CardData.RequestLog`.
public final class LineCollector: Sendable {
  private let collected = Protected<[String]>([])

  public init() {}

  public var lines: [String] { collected.withLock { $0 } }

  /// Pass this as a logger's `write` function.
  public func write(_ line: String) { collected.withLock { $0.append(line) } }
}
