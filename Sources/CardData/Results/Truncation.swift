extension String {
  /// The string cut to at most `maximum` characters, the last of them `…` when it was cut,
  /// so that a value quoted in a reason cannot flood a log.
  func truncated(to maximum: Int) -> String {
    guard count > maximum else { return self }
    return "\(prefix(max(0, maximum - 1)))…"
  }
}
