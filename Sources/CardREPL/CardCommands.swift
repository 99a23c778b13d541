import CardDomain

// cards, card get, card create, cards order, cards search and card delete: each command's
// usage and help, how it reads its arguments, and what it runs. `card create`'s key=value arguments and the
// draft they build are in `CardCreation.swift`.

extension CommandTable {
  static let cardCommands = [
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
    CommandSpec(
      name: "cards search", usage: "cards search [text] [mbti=XXXX] [--short]",
      summary: "find your cards by text, mbti or both",
      details: [
        "text is found in a card's name, title or description, in any case: cards search minji",
        "Quote a text with spaces: cards search \"Kim Min\". Any character may be in it.",
        "mbti=XXXX keeps the cards of that type; with both, a card must match both.",
        "With neither, every card. The matches come in your list's order.",
        "--short prints one line per card, as cards --short does.",
      ]
    ) { (arguments) throws(UsageError) in try searchCards(arguments) },
    CommandSpec(name: "card delete", usage: "card delete <cardId>", summary: "delete one card") {
      (arguments) throws(UsageError) in .deleteCard(id: try arguments.expect(1...1, "a card id")[0])
    },
  ]

  /// One word of text, one `mbti=` and `--short` at most, in any order; the values are checked
  /// when the search runs, by ``CardDomain/SearchCardsUseCase``. Words given apart are refused
  /// with the line that searches for them together, every word kept.
  private static func searchCards(_ arguments: CommandArguments) throws(UsageError) -> Command {
    var texts: [String] = []
    var mbti: String?
    var short = false
    for word in arguments.words {
      if word.hasPrefix("mbti=") {
        guard mbti == nil else { throw arguments.error("mbti may be given once") }
        mbti = String(word.dropFirst("mbti=".count))
      } else if word == "--short" {
        short = true
      } else if word.hasPrefix("--") {
        throw arguments.error("unknown option '\(word)'")
      } else {
        texts.append(word)
      }
    }
    guard texts.count <= 1 else {
      let line =
        "cards search \"\(texts.joined(separator: " "))\"" + (mbti.map { " mbti=\($0)" } ?? "")
      throw arguments.error("cards search takes one text; quote one with spaces: \(line)")
    }
    return .searchCards(text: texts.first, mbti: mbti, short: short)
  }
}

extension CommandRunner {
  func listCards(short: Bool) async throws(CommandFailure) -> CommandOutput {
    let cards = try await perform(try await services.listCards.execute())
    return short ? .cardLines(cards) : .cards(cards)
  }

  func getCard(id: String) async throws(CommandFailure) -> CommandOutput {
    .card(try await perform(try await services.fetchCard.execute(id: id)))
  }

  func createCard(_ arguments: CardCreationArguments) async throws(CommandFailure)
    -> CommandOutput
  {
    let draft = try CardDraft(arguments, workingDirectory: workingDirectory)
    return .card(try await perform(try await services.createCard.execute(draft)))
  }

  func reorderCards(ids: [String]) async throws(CommandFailure) -> CommandOutput {
    .reordered(try await perform(try await services.reorderCards.execute(order: ids)))
  }

  func searchCards(text: String?, mbti: String?, short: Bool) async throws(CommandFailure)
    -> CommandOutput
  {
    let cards = try await perform(try await services.searchCards.execute(text: text, mbti: mbti))
    return short ? .cardLines(cards) : .cards(cards)
  }

  func deleteCard(id: String) async throws(CommandFailure) -> CommandOutput {
    try await perform(try await services.deleteCard.execute(id: id))
    return .deleted(id: id)
  }
}
