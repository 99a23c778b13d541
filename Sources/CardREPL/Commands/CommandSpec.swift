/// One entry of the command table: its name, how to call it, what it does, and how its
/// arguments are read.
public struct CommandSpec: Sendable {
  /// The words that select the command, such as `card create`.
  public let name: String
  /// The call with its arguments, such as `card get <cardId>`.
  public let usage: String
  /// One line about what it does.
  public let summary: String
  /// More lines for `help <command>`.
  public let details: [String]
  /// Reads the arguments that follow the name.
  let parse: @Sendable (_ spec: CommandSpec, _ arguments: [String]) throws(UsageError) -> Command

  init(
    _ name: String, usage: String, summary: String, details: [String] = [],
    parse: @escaping @Sendable (CommandSpec, [String]) throws(UsageError) -> Command
  ) {
    self.name = name
    self.usage = usage
    self.summary = summary
    self.details = details
    self.parse = parse
  }

  /// The name's words.
  var words: [Substring] { name.split(separator: " ") }

  /// A usage error about this command.
  func usageError(_ problem: String) -> UsageError {
    UsageError(command: name, "\(problem); usage: \(usage)")
  }

  /// Checks that exactly `count` arguments were given.
  func expect(_ arguments: [String], count: Int, what: String) throws(UsageError) {
    guard arguments.count == count else {
      throw usageError(
        arguments.count < count ? "\(name) needs \(what)" : "too many arguments for \(name)")
    }
  }

  /// A whole number of at least `minimum`, written in decimal digits.
  func number(_ text: String, of what: String, minimum: Int = 0) throws(UsageError) -> Int {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw usageError("\(what) must be a whole number, not '\(text)'")
    }
    guard let value = Int(text), value >= minimum else {
      throw usageError("\(what) must be from \(minimum) to \(Int.max), not \(text)")
    }
    return value
  }

  /// `on` or `off`.
  func onOff(_ arguments: [String]) throws(UsageError) -> Bool {
    try expect(arguments, count: 1, what: "on or off")
    switch arguments[0] {
    case "on": return true
    case "off": return false
    default: throw usageError("expected on or off, not '\(arguments[0])'")
    }
  }
}
