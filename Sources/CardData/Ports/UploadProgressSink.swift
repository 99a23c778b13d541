/// Where a transport reports how much of a request's body it has handed to the network: the
/// bytes so far and the body's length, rising, up to the length once all of it went out (a
/// server may answer before it has read everything). It is called on the transport's own
/// thread (on Linux, inside libcurl's loop), so it must return at once and never block.
///
/// Every sink equals every other: a request's value is what it sends, not who watches it.
public struct UploadProgressSink: Hashable, Sendable {
  private let report: @Sendable (_ sent: Int64, _ total: Int64) -> Void

  public init(_ report: @escaping @Sendable (_ sent: Int64, _ total: Int64) -> Void) {
    self.report = report
  }

  public func callAsFunction(sent: Int64, of total: Int64) { report(sent, total) }

  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  public func hash(into hasher: inout Hasher) {}
}
