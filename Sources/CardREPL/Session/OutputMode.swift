/// How results are written.
public enum OutputMode: Sendable {
  /// For people, with these colours.
  case human(HumanRenderer)
  /// One JSON object per command on standard output.
  case json
}
