/// Turns a command line into a ``Command``: words first (``Tokenizer``), then the longest
/// command name in ``CommandTable`` that the words start with, then that command's arguments.
package enum CommandParser {
  /// The command with its full name (`card get`, or `quit` as typed), which JSON output shows;
  /// `nil` for a blank line or a `#` comment.
  package static func parse(_ line: String) throws(UsageError) -> (name: String, command: Command)?
  {
    // A comment is not split into words, so that an unbalanced quote in it is no error.
    if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") { return nil }
    let words: [String]
    do {
      words = try Tokenizer.words(in: line)
    } catch {
      throw UsageError(command: nil, error.description)
    }
    guard let first = words.first else { return nil }
    let spec = CommandTable.all.filter { words.starts(with: $0.words) }
      .max { $0.words.count < $1.words.count }
    let subcommands = CommandTable.subcommands(of: first)
    // `cards` is a command and also starts `cards order`: `cards foo` is a wrong subcommand.
    // An option (`cards --short`) is the command's argument, never a subcommand.
    let isGroupAlone = words.count == 1 || words[1].hasPrefix("-")
    if let spec, spec.words.count > 1 || subcommands.isEmpty || isGroupAlone {
      let arguments = CommandArguments(spec: spec, words: Array(words.dropFirst(spec.words.count)))
      return (spec.name, try spec.parse(arguments))
    }
    func hint(_ typed: [String]) -> String? {
      CommandSuggestion.nearest(to: typed).map { "did you mean '\($0)'?" }
    }
    guard let last = subcommands.last else {
      throw UsageError(
        command: first, "unknown command '\(first)'; \(hint([first]) ?? "try 'help'")")
    }
    guard words.count > 1 else {
      let names = subcommands.dropLast().joined(separator: ", ")
      throw UsageError(
        command: first, "'\(first)' needs a subcommand: \(names) or \(last); try 'help \(first)'")
    }
    throw UsageError(
      command: first,
      "unknown subcommand '\(first) \(words[1])'; \(hint([first, words[1]]) ?? "try 'help \(first)'")"
    )
  }
}

/// A command line the REPL could not understand: a one-line message with a hint, and for the
/// JSON `command` field the command's full name (`card create`), else the word typed
/// (`cardz`), else `nil` when the line could not be split into words.
package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  package let command: String?
  package let message: String

  package init(command: String?, _ message: String) {
    self.command = command
    self.message = message
  }

  package var description: String { message }
}

/// Splits a command line into words, the way a POSIX shell does for plain words:
///
/// - spaces and tabs separate words;
/// - `'…'` keeps everything inside literally, backslashes included;
/// - `"…"` keeps everything inside, but `\"` and `\\` stand for `"` and `\` (any other
///   backslash is kept);
/// - outside quotes, a backslash makes the next character literal (`\ ` is a space);
/// - quoted and unquoted parts next to each other form one word: `key="a b"` is `key=a b`;
/// - `""` and `''` are an empty word;
/// - a `#` that starts a word starts a comment, to the end of the line (`cards  # mine`);
///   inside a word (`tmi=#1`) or quoted it is an ordinary character.
///
/// An unterminated quote and a line ending in a lone backslash are errors.
package enum Tokenizer {
  package static func words(in line: String) throws(TokenizeError) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var iterator = line.makeIterator()

    characters: while let character = iterator.next() {
      switch quote {
      case "'":
        if character == "'" { quote = nil } else { word.append(character) }
      case "\"":
        if character == "\"" {
          quote = nil
        } else if character == "\\" {
          guard let next = iterator.next() else { throw .unterminatedQuote("\"") }
          if next != "\"" && next != "\\" { word.append("\\") }
          word.append(next)
        } else {
          word.append(character)
        }
      default:
        if character == "#" && !inWord { break characters }
        if character == " " || character == "\t" {
          if inWord { words.append(word) }
          word = ""
          inWord = false
        } else if character == "'" || character == "\"" {
          quote = character
          inWord = true
        } else if character == "\\" {
          guard let next = iterator.next() else { throw .trailingBackslash }
          word.append(next)
          inWord = true
        } else {
          word.append(character)
          inWord = true
        }
      }
    }
    if let quote { throw .unterminatedQuote(quote) }
    if inWord { words.append(word) }
    return words
  }
}

package enum TokenizeError: Error, Hashable, Sendable, CustomStringConvertible {
  case unterminatedQuote(Character)
  case trailingBackslash

  package var description: String {
    switch self {
    case .unterminatedQuote("'"):
      "unterminated ' quote; close it, or write \\' outside quotes for a single quote"
    case .unterminatedQuote:
      "unterminated \" quote; close it, or write \\\" for a double quote"
    case .trailingBackslash:
      "the line ends with a lone backslash; write \\\\ for a backslash"
    }
  }
}
