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

  /// A whole number in decimal digits, from 0 to `maximum`; the refusal names the bounds.
  func number(_ text: String, of what: String, atMost maximum: Int = .max) throws(UsageError)
    -> Int
  {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(text), value <= maximum
    else {
      let bounds = maximum == .max ? "0 or more" : "from 0 to \(maximum)"
      throw error("\(what) must be a whole number \(bounds), not '\(text)'")
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
