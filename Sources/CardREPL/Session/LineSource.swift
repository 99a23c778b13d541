/// Where the REPL's lines come from: a script, a terminal, or a test.
public protocol LineSource: Sendable {
  /// Whether the source shows a prompt, so that the REPL should work one out.
  var showsPrompt: Bool { get }
  /// The next line, without its newline; `prompt` is shown first when the source shows
  /// prompts.
  func nextLine(prompt: String) async -> LineInput
}

/// What a ``LineSource`` read.
public enum LineInput: Hashable, Sendable {
  /// A line, without its newline.
  case line(String)
  /// The input ended (end of the script, or Ctrl-D).
  case endOfInput
  /// The user pressed Ctrl-C while typing: the line is dropped and a new one read.
  case interrupted
}
