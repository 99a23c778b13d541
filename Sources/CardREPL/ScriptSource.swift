import CardPrimitives
import Foundation

/// A script named on the command line: the lines of `card-repl FILE` (or `-f FILE`), whose
/// failures say where they happened, or the commands of `-c`.
package final class ScriptSource: LineSource {
  /// The file as it was named, for ``ScriptLocation``; `nil` for `-c`.
  package let origin: String?
  private let remaining: Protected<ArraySlice<String>>

  package init(origin: String?, lines: [String]) {
    self.origin = origin
    remaining = Protected(ArraySlice(lines))
  }

  /// The lines of the UTF-8 file at `path` (relative paths start at `workingDirectory`), split
  /// at `\n`, `\r\n` or any other newline. Throws a message that names the file.
  package static func file(named path: String, in workingDirectory: URL) throws(ScriptError)
    -> ScriptSource
  {
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path) : workingDirectory.appendingPathComponent(path)
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: url.path) ? "it cannot be read" : "no such file"
      throw ScriptError("cannot run the script '\(path)': \(reason)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ScriptError("cannot run the script '\(path)': it is not UTF-8 text")
    }
    // `\r\n` is one Character, a newline, so Windows line ends split as Unix ones do.
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .map(String.init)
    if lines.last == "" { lines.removeLast() }
    return ScriptSource(origin: path, lines: lines)
  }

  /// The commands of `-c`, split at each `;` outside quotes and not escaped by a backslash.
  package static func commands(_ text: String) -> ScriptSource {
    ScriptSource(origin: nil, lines: CommandList.split(text))
  }

  package var showsPrompt: Bool { false }

  package func nextLine(prompt: String) async -> LineInput {
    remaining.withLock { lines in lines.popFirst().map(LineInput.line) ?? .endOfInput }
  }
}

/// Where a command of a script file was: the file as named, and its line, from 1.
package struct ScriptLocation: Hashable, Sendable {
  package let source: String
  package let line: Int

  package init(source: String, line: Int) {
    self.source = source
    self.line = line
  }
}

/// A script file that cannot be run: a bad command line.
package struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  package let description: String

  init(_ description: String) { self.description = description }
}

/// Splits `-c`'s text into commands at `;`, with the quoting of ``Tokenizer``: a `;` inside
/// quotes, after a backslash or in a comment (from a `#` that starts a word to the end) belongs
/// to its command. The quotes and backslashes stay, for the tokenizer to read; an unterminated
/// quote runs to the end, where the tokenizer reports it.
enum CommandList {
  static func split(_ text: String) -> [String] {
    var commands: [String] = []
    var command = ""
    var quote: Character?
    var escaped = false
    var inComment = false
    for character in text {
      let startsWord = command.last.map { $0 == " " || $0 == "\t" } ?? true
      if inComment {
        command.append(character)
        continue
      }
      if escaped {
        escaped = false
      } else if character == "\\" && quote != "'" {
        escaped = true
      } else if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == "#" && startsWord {
        inComment = true
      } else if character == ";" {
        commands.append(command)
        command = ""
        continue
      }
      command.append(character)
    }
    commands.append(command)
    return commands
  }
}
