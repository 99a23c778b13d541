/// Turns a command line into a ``Command``: words first (``Tokenizer``), then the longest
/// command name in ``CommandTable`` that the words start with, then that command's arguments.
public enum CommandParser {
  /// What a line asks for.
  public enum Line: Hashable, Sendable {
    /// A blank line or a `#` comment: nothing to do.
    case nothing
    /// A command.
    case command(Command)
  }

  /// The command on `line`, or a usage error with a hint.
  public static func parse(_ line: String) throws(UsageError) -> Line {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return .nothing }
    let words: [String]
    do {
      words = try Tokenizer.words(in: line)
    } catch {
      throw UsageError(command: nil, error.description)
    }
    guard let first = words.first else { return .nothing }
    guard let spec = longestMatch(for: words) else {
      if let subcommands = CommandTable.groups[first] {
        let problem =
          words.count == 1
          ? "'\(first)' needs a subcommand: \(subcommands)"
          : "unknown subcommand '\(first) \(words[1])'"
        throw UsageError(command: first, "\(problem); try 'help \(first)'")
      }
      throw UsageError(command: first, "unknown command '\(first)'; try 'help'")
    }
    return .command(try spec.parse(spec, Array(words.dropFirst(spec.words.count))))
  }

  /// The command whose name is the longest prefix of `words`.
  static func longestMatch(for words: [String]) -> CommandSpec? {
    CommandTable.all
      .filter { spec in
        spec.words.count <= words.count
          && zip(spec.words, words).allSatisfy { name, word in name == word }
      }
      .max { $0.words.count < $1.words.count }
  }
}
