import CardPrimitives

/// The lines of a script held in memory, without prompts.
public final class ScriptLineSource: LineSource {
  private let remaining: Protected<ArraySlice<String>>

  /// A source of `lines`, in order.
  public init(lines: [String]) { remaining = Protected(ArraySlice(lines)) }

  /// A source of the lines of `text`, split at newlines (a final newline ends the last line).
  public convenience init(text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    self.init(lines: lines)
  }

  /// Never: a script has no prompts.
  public var showsPrompt: Bool { false }

  /// The next line, or the end of input.
  public func nextLine(prompt: String) async -> LineInput {
    remaining.withLock { lines in lines.popFirst().map(LineInput.line) ?? .endOfInput }
  }
}
