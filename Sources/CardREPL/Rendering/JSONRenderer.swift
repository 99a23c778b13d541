import CardDomain

/// Renders one command's outcome as the single JSON line of `--json` mode:
/// `{"command": …, "ok": true, "result": "success", "data": …}` or
/// `{"command": …, "ok": false, "result": …, "message": …, "status": …}` (`status` only
/// when there was an HTTP status). `data` uses the contract's field names and never holds
/// a token.
public enum JSONRenderer {
  /// The JSON line, without its newline, for `command` (`nil` when the line could not be
  /// split into words).
  public static func line(command: String?, outcome: CommandOutcome) -> String {
    let name: JSONValue = command.map(JSONValue.string) ?? .null
    switch outcome {
    case .success(let output):
      return JSONValue.object([
        ("command", name), ("ok", true), ("result", .string(ResultKind.success.rawValue)),
        ("data", data(of: output)),
      ]).text
    case .failure(let failure):
      return JSONValue.members([
        ("command", name), ("ok", false), ("result", .string(failure.result.rawValue)),
        ("message", .string(failure.message)), ("status", failure.status.map(JSONValue.int)),
      ]).text
    }
  }

  /// The `data` member of a success.
  static func data(of output: CommandOutput) -> JSONValue {
    switch output {
    case .signedIn(let user), .currentUser(let user): .object([("userId", .string(user.rawValue))])
    case .signedOut(let setAsideAt):
      setAsideAt.map { .object([("setAsideAt", .string($0))]) } ?? .null
    case .cards(let cards), .reordered(let cards): .array(cards.map(json(of:)))
    case .card(let card), .created(let card): json(of: card)
    case .deleted(let id): .object([("cardId", .string(id))])
    case .log(let isEnabled): .object([("log", .string(isEnabled ? "on" : "off"))])
    case .sandbox(_, let faults): json(of: faults)
    case .help(let topic): json(of: topic)
    case .exit: .null
    }
  }

  /// A card with the contract's field names; absent fields are left out.
  static func json(of card: Card) -> JSONValue {
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
    ])
  }

  private static func json(of topic: HelpTopic) -> JSONValue {
    let specs =
      switch topic {
      case .overview: CommandTable.all
      case .commands(let names): names.map(CommandTable.spec(named:))
      }
    let detailed = topic != .overview
    return .object([
      (
        "commands",
        .array(
          specs.map { spec in
            .members([
              ("name", .string(spec.name)), ("usage", .string(spec.usage)),
              ("summary", .string(spec.summary)),
              ("details", detailed ? .array(spec.details.map(JSONValue.string)) : nil),
            ])
          })
      )
    ])
  }
}
