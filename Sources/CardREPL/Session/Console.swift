/// Where the REPL writes: standard output for data, standard error for failures, notes and
/// the request log. Tests capture both.
public protocol Console: Sendable {
  /// Writes `text` to standard output as it is.
  func writeOutput(_ text: String)
  /// Writes `text` to standard error as it is.
  func writeError(_ text: String)
}
