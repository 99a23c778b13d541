import CardPrimitives
import Foundation

/// A script named on the command line: the lines of `card-repl FILE` (or `-f FILE`), whose
/// failures say where they happened, or the commands of `-c`.
package final class ScriptSource: LineSource {
  /// The file as it was named, for ``ScriptLocation``; `nil` for `-c`.
  package let origin: String?
  private let remaining: Protected<ArraySlice<LineInput>>

  package convenience init(origin: String?, lines: [String]) {
    self.init(origin: origin, inputs: lines.map(LineInput.line))
  }

  private init(origin: String?, inputs: [LineInput]) {
    self.origin = origin
    remaining = Protected(ArraySlice(inputs))
  }

  /// The lines of the file at `path` (relative paths start at `workingDirectory`), split at
  /// `\n`, `\r\n` or any other newline. A line that is not UTF-8 is ``LineInput/notUTF8``,
  /// refused when its turn comes, not the whole file. Throws a message that names the file.
  package static func file(named path: String, in workingDirectory: URL) throws(ScriptError)
    -> ScriptSource
  {
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path) : workingDirectory.appendingPathComponent(path)
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
    guard !(exists && isDirectory.boolValue) else {
      throw ScriptError("cannot run the script '\(path)': it is a directory")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw ScriptError(
        "cannot run the script '\(path)': \(exists ? "it cannot be read" : "no such file")")
    }
    var inputs: [LineInput] = []
    for bytes in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
      // `\r\n` ends a line as `\n` does.
      let line = bytes.last == 0x0D ? bytes.dropLast() : bytes
      guard case .line(let text) = LineInput(decoding: line) else {
        inputs.append(.notUTF8)
        continue
      }
      // Any other newline (a lone `\r`, U+2028, …) splits the line too.
      inputs += text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        .map { .line(String($0)) }
    }
    if inputs.last == .line("") { inputs.removeLast() }
    return ScriptSource(origin: path, inputs: inputs)
  }

  /// The commands of `-c`, split at each `;` outside quotes and not escaped by a backslash.
  package static func commands(_ text: String) -> ScriptSource {
    ScriptSource(origin: nil, lines: CommandList.split(text))
  }

  package var showsPrompt: Bool { false }

  package func nextLine(prompt: String) async -> LineInput {
    remaining.withLock { lines in lines.popFirst() ?? .endOfInput }
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

/// A script file that cannot be run: missing, a directory, or unreadable, so card-repl
/// cannot start.
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
