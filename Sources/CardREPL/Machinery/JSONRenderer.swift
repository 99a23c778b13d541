import CardDomain
import Foundation

/// One command's outcome as the single JSON line of `--json` mode:
/// `{"command": …, "ok": true, "result": "success", "data": …}` or
/// `{"command": …, "ok": false, "result": …, "message": …, "status": …}` (`status` only when
/// there was one). `data` uses the contract's field names and never holds a token. A failure
/// in a script file ends with its `"line"`; a command whose request was retried ends with
/// `"attempts"`.
package enum JSONRenderer {
  /// Without its newline.
  package static func line(
    command: String?, outcome: CommandOutcome, location: ScriptLocation? = nil,
    attempts: Int? = nil
  ) -> String {
    let name: JSONValue = command.map(JSONValue.string) ?? .null
    let attempts = attempts.map(JSONValue.int)
    switch outcome {
    case .success(let output):
      return JSONValue.members([
        ("command", name), ("ok", .bool(true)), ("result", .string(ResultKind.success.rawValue)),
        ("data", data(of: output)), ("attempts", attempts),
      ]).text
    case .failure(let failure):
      return JSONValue.members([
        ("command", name), ("ok", .bool(false)), ("result", .string(failure.result.rawValue)),
        ("message", .string(failure.message)), ("status", failure.status.map(JSONValue.int)),
        ("line", location.map { JSONValue.int($0.line) }), ("attempts", attempts),
      ]).text
    }
  }

  private static func data(of output: CommandOutput) -> JSONValue {
    switch output {
    case .signedIn(let user), .currentUser(let user): .object([("userId", .string(user.rawValue))])
    case .signedOut(let setAsideAt):
      setAsideAt.map { .object([("setAsideAt", .string($0))]) } ?? .null
    case .cards(let cards), .reordered(let cards): .array(cards.map(json(of:)))
    case .card(let card): json(of: card)
    case .cardLines(let cards):
      .array(
        cards.map { card in
          .members([
            ("cardId", .string(card.id.rawValue)), ("name", .string(card.name)),
            ("mbti", card.mbti.map { .string($0.rawValue) }),
          ])
        })
    case .deleted(let id): .object([("cardId", .string(id))])
    case .log(let isEnabled): .object([("log", .string(isEnabled ? "on" : "off"))])
    case .sandbox(_, let faults): json(of: faults)
    case .help(let topic): json(of: topic)
    case .exit: .null
    }
  }

  /// The contract's field names; absent fields are left out.
  private static func json(of card: Card) -> JSONValue {
    .members([
      ("cardId", .string(card.id.rawValue)),
      ("userId", .string(card.owner.rawValue)),
      ("title", card.title.map(JSONValue.string)),
      ("name", .string(card.name)),
      ("birthday", card.birthday.map { .string($0.description) }),
      ("mbti", card.mbti.map { .string($0.rawValue) }),
      ("instagram", card.instagram.map(JSONValue.string)),
      ("linkURL", card.link.map { .string($0.absoluteString) }),
      ("description", card.description.map(JSONValue.string)),
      ("defaultImage", .int(card.defaultImage.index)),
      ("imageURL", card.imageURL.map { .string($0.absoluteString) }),
      ("tmi", card.tmis.isEmpty ? nil : .array(card.tmis.map(JSONValue.string))),
    ])
  }

  private static func json(of faults: SandboxFaultSummary) -> JSONValue {
    .members([
      ("offline", .bool(faults.isOffline)),
      ("latencyMs", .int(faults.latencyMilliseconds)),
      ("failStatus", faults.failureStatus.map(JSONValue.int)),
      ("failCount", .int(faults.failuresRemaining)),
      ("malformed", faults.malformedReply.map { .string($0.rawValue) }),
      ("malformedCount", faults.malformedRemaining > 0 ? .int(faults.malformedRemaining) : nil),
    ])
  }

  private static func json(of topic: HelpTopic) -> JSONValue {
    let commands = topic.specs.map { spec in
      JSONValue.members([
        ("name", .string(spec.name)), ("usage", .string(spec.usage)),
        ("summary", .string(spec.summary)),
        ("details", topic == .overview ? nil : .array(spec.details.map(JSONValue.string))),
      ])
    }
    return .object([("commands", .array(commands))])
  }
}

/// A JSON value whose objects keep their members in order, written on one line as
/// `{"command": "cards", "ok": true}`: deterministic, and like the documentation's examples.
indirect enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// An object of the members whose value is not `nil`, in order.
  static func members(_ members: [(String, JSONValue?)]) -> JSONValue {
    .object(members.compactMap { key, value in value.map { (key, $0) } })
  }

  var text: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .string(let value): Self.quoted(value)
    case .array(let values): "[" + values.map(\.text).joined(separator: ", ") + "]"
    case .object(let members):
      "{" + members.map { Self.quoted($0) + ": " + $1.text }.joined(separator: ", ") + "}"
    }
  }

  /// RFC 8259: quotes, backslashes and control characters escaped, the rest as it is. The C1
  /// controls (U+0080–U+009F), which RFC 8259 lets through raw, are escaped too: a terminal
  /// showing the line would obey one such as U+009B (CSI).
  private static func quoted(_ string: String) -> String {
    var output = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        output += String(format: "\\u%04x", scalar.value)
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}
