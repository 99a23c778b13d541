import NIOCore

/// Durations and sizes as the transport's messages say them, as the URLSession transport's do:
/// `30 s`, `1.5 s`, `5 min`; `16 MiB`, `64 KiB`, `1000 bytes`.
enum Spoken {
  static func duration(_ duration: Duration) -> String {
    let milliseconds = milliseconds(duration)
    if milliseconds >= 120_000, milliseconds % 60_000 == 0 { return "\(milliseconds / 60_000) min" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    return "\(Double(milliseconds) / 1000) s"
  }

  static func size(_ size: Int) -> String {
    if size % (1 << 20) == 0 { return "\(size >> 20) MiB" }
    if size % (1 << 10) == 0 { return "\(size >> 10) KiB" }
    return "\(size) bytes"
  }

  /// `duration` as SwiftNIO's time amount, to the nanosecond.
  static func timeAmount(_ duration: Duration) -> TimeAmount {
    let (seconds, attoseconds) = duration.components
    return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }

  private static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
  }
}
