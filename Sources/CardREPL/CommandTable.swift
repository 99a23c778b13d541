import CardPrimitives
import Foundation

/// Every command of the REPL, in the order `help` lists them, with its usage and help.
package enum CommandTable {
  package static let all: [CommandSpec] =
    sessionCommands + cardCommands + [logCommand] + sandboxCommands + replCommands

  private static let maximumLatency = FaultBounds.maximumLatencyMilliseconds

  private static let sessionCommands = [
    CommandSpec(
      name: "login", usage: "login <userId> [password]",
      summary: "sign in; the session is kept, encrypted, across runs",
      details: [
        "The sandbox knows demo/demo (cards c1, c2) and guest/guest (card c3).",
        "Quote a password with spaces: login demo 'my secret'. It is never printed.",
        "Leave it out to be asked for it without echo; a script can give it on standard",
        "input with card-repl --password-stdin. A login line never enters the history.",
        "After 5 failed logins for a user id within 60 s, its logins answer requestErr (429)",
        "with the wait, until 60 s after the first of them; sandbox reset ends the wait.",
      ]
    ) { (arguments) throws(UsageError) in
      let words = try arguments.expect(1...2, "a user id")
      return .login(userID: words[0], password: words.count == 2 ? words[1] : nil)
    },
    .fixed(
      "logout", .logout, summary: "sign out: on the server if it answers, always locally",
      details: [
        "When the stored session cannot be read (tampered with, or sealed with another key),",
        "logout moves it aside so that you can log in again.",
      ]),
    .fixed("whoami", .whoami, summary: "show the signed-in user"),
  ]

  private static let cardCommands = [
    CommandSpec(
      name: "cards", usage: "cards [--short]", summary: "list your cards in your order",
      details: ["--short prints one line per card: its id, name and mbti."]
    ) { (arguments) throws(UsageError) in
      switch try arguments.expect(0...1, "no arguments").first {
      case nil: return .listCards(short: false)
      case "--short": return .listCards(short: true)
      case let word?: throw arguments.error("unknown option '\(word)'")
      }
    },
    CommandSpec(name: "card get", usage: "card get <cardId>", summary: "show one card") {
      (arguments) throws(UsageError) in .getCard(id: try arguments.expect(1...1, "a card id")[0])
    },
    CommandSpec(
      name: "card create",
      usage: "card create name=<text> [title=…] [birthday=YYYY-MM-DD] [mbti=…] [instagram=…] "
        + "[link=…] [description=…] [defaultImage=0-5] [tmi=…]… [image=<path>]",
      summary: "create a card, with an image if you like",
      details: [
        "Every argument is key=value; quote values with spaces: title=\"SOPT 29th iOS\".",
        "name is required; tmi may be given up to 3 times; other keys at most once.",
        "An empty value leaves an optional field out. defaultImage is a built-in picture, 0 to 5.",
        "image is the path of a JPEG or PNG file of at most 10 MiB.",
        "Example: card create name=\"Kim Minji\" mbti=INFP tmi=\"likes coffee\" image=me.png",
      ]
    ) { (arguments) throws(UsageError) in .createCard(try CardCreationArguments(arguments)) },
    CommandSpec(
      name: "cards order", usage: "cards order <cardId>…",
      summary: "put your cards in a new order",
      details: ["Name every card you own, each once, in the new order: cards order c2 c1"]
    ) { (arguments) throws(UsageError) in
      .reorderCards(ids: try arguments.expect(1...Int.max, "card ids"))
    },
    CommandSpec(name: "card delete", usage: "card delete <cardId>", summary: "delete one card") {
      (arguments) throws(UsageError) in .deleteCard(id: try arguments.expect(1...1, "a card id")[0])
    },
  ]

  private static let logCommand = CommandSpec(
    name: "log", usage: "log on|off",
    summary: "log requests to stderr, secrets redacted",
    details: ["Tokens, passwords and image bytes never appear: they show as <redacted>."]
  ) { (arguments) throws(UsageError) in .log(isEnabled: try arguments.onOff()) }

  private static let sandboxCommands = [
    .fixed(
      "sandbox expire-token", .sandbox(.expireToken),
      summary: "expire the access tokens; the next request refreshes",
      details: [
        "The next request gets a 401, refreshes the token once and is sent again;",
        "a note says that the token was refreshed.",
      ]),
    .fixed(
      "sandbox revoke-refresh", .sandbox(.revokeRefresh),
      summary: "revoke the refresh tokens: no refresh after expiry",
      details: [
        "Access tokens work until they expire; then the refresh is refused and you are",
        "signed out. Try: sandbox revoke-refresh, sandbox expire-token, cards.",
      ]),
    CommandSpec(
      name: "sandbox fail", usage: "sandbox fail <status> [count]",
      summary: "make the next requests answer an error status",
      details: [
        "status is 400 to 599; 502, 503 and 504 answer an HTML page, as a proxy would.",
        "GET, PUT and DELETE are retried twice on 408, 500, 502, 503 and 504, so",
        "`sandbox fail 500 3` fails a GET.",
        "A count of 0 clears the queue.",
      ]
    ) { (arguments) throws(UsageError) in
      let words = try arguments.expect(1...2, "a status")
      let status = try arguments.number(words[0], of: "status")
      let statuses = FaultBounds.failureStatuses
      guard statuses.contains(status) else {
        throw arguments.error(
          "status must be \(statuses.lowerBound) to \(statuses.upperBound), not \(status)")
      }
      let count = words.count == 2 ? try arguments.number(words[1], of: "count") : 1
      return .sandbox(.fail(status: status, count: count))
    },
    CommandSpec(
      name: "sandbox malform", usage: "sandbox malform envelope|data [count]",
      summary: "make the next requests answer 200 with a broken reply",
      details: [
        "envelope answers JSON that is not the envelope; data answers the envelope with",
        "data of the wrong shape. Either is a pathErr: the reply breaks the contract.",
        "The request is not carried out. A count of 0 clears the queue.",
      ]
    ) { (arguments) throws(UsageError) in
      let words = try arguments.expect(1...2, "envelope or data")
      guard let kind = MalformedReplyKind(rawValue: words[0]) else {
        throw arguments.error("expected envelope or data, not '\(words[0])'")
      }
      let count = words.count == 2 ? try arguments.number(words[1], of: "count") : 1
      return .sandbox(.malform(kind, count: count))
    },
    CommandSpec(
      name: "sandbox offline", usage: "sandbox offline on|off",
      summary: "make every request fail without a response",
      details: [
        "Requests fail as networkFail (GET, PUT and DELETE after two retries).",
        "logout still signs you out locally.",
      ]
    ) { (arguments) throws(UsageError) in .sandbox(.offline(try arguments.onOff())) },
    CommandSpec(
      name: "sandbox latency", usage: "sandbox latency <ms>",
      summary: "make every request wait; 0 turns it off",
      details: [
        "At most 600000 ms (10 minutes). Press Ctrl-C to cancel a slow request; the REPL",
        "keeps running.",
      ]
    ) { (arguments) throws(UsageError) in
      let milliseconds = try arguments.number(
        try arguments.expect(1...1, "milliseconds")[0], of: "milliseconds")
      guard milliseconds <= maximumLatency else {
        throw arguments.error("latency must be at most \(maximumLatency) ms (10 minutes)")
      }
      return .sandbox(.latency(milliseconds: milliseconds))
    },
    .fixed(
      "sandbox reset", .sandbox(.reset),
      summary: "seed cards back, faults cleared, everyone signed out",
      details: [
        "The sandbox's sessions end, so the next request answers signedOut: log in again.",
        "New card ids continue after the ones given out before.",
      ]),
  ]

  private static let replCommands = [
    CommandSpec(
      name: "help", usage: "help [command]", summary: "list the commands, or explain one"
    ) { (arguments) throws(UsageError) in
      .help(topic: arguments.words.isEmpty ? nil : arguments.words.joined(separator: " "))
    },
    .fixed("exit", .exit, summary: "leave (so do quit and Ctrl-D)"),
    .fixed("quit", .exit, summary: "leave"),
  ]

  /// The second words of the commands that `word` starts (`card`: get, create, delete), in
  /// table order; empty when `word` groups none.
  static func subcommands(of word: String) -> [String] {
    all.compactMap { $0.words.count == 2 && $0.words[0] == word ? $0.words[1] : nil }
  }
}

package enum HelpTopic: Hashable, Sendable {
  /// Every command, one line each.
  case overview
  /// These commands in detail, by name, in table order.
  case commands([String])

  /// The topic of `help <topic>`: every command whose name is `topic` or starts with it.
  init(_ topic: String?) throws(CommandFailure) {
    guard let topic else {
      self = .overview
      return
    }
    let names = CommandTable.all.map(\.name).filter { $0 == topic || $0.hasPrefix(topic + " ") }
    guard !names.isEmpty else {
      throw CommandFailure(.invalid, "there is no command '\(topic)'; try 'help'")
    }
    self = .commands(names)
  }

  var specs: [CommandSpec] {
    switch self {
    case .overview: CommandTable.all
    case .commands(let names): CommandTable.all.filter { names.contains($0.name) }
    }
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

  /// A whole number in decimal digits, at most `Int.max`.
  func number(_ text: String, of what: String) throws(UsageError) -> Int {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw error("\(what) must be a whole number, not '\(text)'")
    }
    guard let value = Int(text) else {
      throw error("\(what) must be from 0 to \(Int.max), not \(text)")
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
