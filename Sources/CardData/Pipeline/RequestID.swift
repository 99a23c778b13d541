import Synchronization

/// A process-unique, increasing number for one logical request, shown in logs as `#N`.
public struct RequestID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The number.
  public let value: UInt64

  /// Wraps a number (tests use fixed ones).
  public init(_ value: UInt64) { self.value = value }

  private static let counter = Atomic<UInt64>(0)

  /// The next number in this process.
  public static func next() -> RequestID {
    RequestID(counter.add(1, ordering: .relaxed).newValue)
  }

  /// `#N`.
  public var description: String { "#\(value)" }

  /// Orders by number.
  public static func < (lhs: RequestID, rhs: RequestID) -> Bool { lhs.value < rhs.value }
}
