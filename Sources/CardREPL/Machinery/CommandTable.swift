// The command table and how a line is read against it: the line split into words, the
// longest command name the words start with, then that command's arguments.

/// Every command of the REPL, in the order `help` lists them: the groups' tables, each in the
/// file of its group (`SessionCommands.swift`, `CardCommands.swift`, `REPLCommands.swift`,
/// `SandboxCommands.swift`).
package enum CommandTable {
  package static let all: [CommandSpec] =
    sessionCommands + cardCommands + [logCommand] + sandboxCommands + replCommands

  /// The second words of the commands that `word` starts (`card`: get, create, delete), in
  /// table order; empty when `word` groups none.
  static func subcommands(of word: String) -> [String] {
    all.compactMap { $0.words.count == 2 && $0.words[0] == word ? $0.words[1] : nil }
  }
}

/// One entry of the command table: the words that select it (`card create`), its usage
/// (`card get <cardId>`), a summary line for `help`, more lines for `help <command>`, and how
/// it reads the arguments that follow its name.
package struct CommandSpec: Sendable {
  package let name: String
  package let usage: String
  package let summary: String
  var details: [String] = []
  let parse: @Sendable (CommandArguments) throws(UsageError) -> Command

  /// A command without arguments, whose usage is its name.
  static func fixed(
    _ name: String, _ command: Command, summary: String, details: [String] = []
  ) -> CommandSpec {
    CommandSpec(name: name, usage: name, summary: summary, details: details) {
      (arguments) throws(UsageError) in
      _ = try arguments.expect(0...0, "no arguments")
      return command
    }
  }

  var words: [String] { name.split(separator: " ").map(String.init) }
}

/// The words that follow a command's name, read for that command: every problem names the
/// command and ends with its usage.
struct CommandArguments {
  let spec: CommandSpec
  let words: [String]

  func error(_ problem: String) -> UsageError {
    UsageError(command: spec.name, "\(problem); usage: \(spec.usage)")
  }

  /// The words, when there are `count` of them; `what` names the first ones, as in
  /// "login needs a user id and a password".
  func expect(_ count: ClosedRange<Int>, _ what: String) throws(UsageError) -> [String] {
    guard count.contains(words.count) else {
      throw error(
        words.count < count.lowerBound
          ? "\(spec.name) needs \(what)" : "too many arguments for \(spec.name)")
    }
    return words
  }

  /// A whole number in decimal digits within `bounds`; whatever was typed, a word or a number
  /// out of bounds, the refusal names the bounds.
  func number(_ text: String, of what: String, in bounds: ClosedRange<Int>) throws(UsageError)
    -> Int
  {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(text), bounds.contains(value)
    else {
      let range =
        bounds.upperBound == .max
        ? "\(bounds.lowerBound) or more" : "from \(bounds.lowerBound) to \(bounds.upperBound)"
      throw error("\(what) must be a whole number \(range), not '\(text)'")
    }
    return value
  }

  func onOff() throws(UsageError) -> Bool {
    switch try expect(1...1, "on or off")[0] {
    case "on": return true
    case "off": return false
    default: throw error("expected on or off, not '\(words[0])'")
    }
  }
}

/// A command line the REPL understood, with its arguments as typed: values are validated when
/// the command runs, by the use cases and the draft building. Its full name (`card get`) is
/// its entry's in ``CommandTable``, which ``CommandParser`` returns with it.
package enum Command: Hashable, Sendable {
  /// `password` is `nil` when it was left out, to be asked for.
  case login(userID: String, password: String?)
  case logout, whoami
  /// `short`: one line per card (`cards --short`).
  case listCards(short: Bool)
  case getCard(id: String)
  case createCard(CardCreationArguments)
  case reorderCards(ids: [String])
  /// `nil` where the line gave none.
  case searchCards(text: String?, mbti: String?, short: Bool)
  case deleteCard(id: String)
  case log(isEnabled: Bool)
  case sandbox(SandboxCommand)
  /// `nil` asks for the list of commands.
  case help(topic: String?)
  case exit
}

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
