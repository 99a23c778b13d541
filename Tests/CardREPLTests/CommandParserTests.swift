import CardREPL
import Testing

@Suite("Command parser")
struct CommandParserTests {
  private func parsed(_ line: String) throws -> (name: String, command: Command) {
    guard let parsed = try CommandParser.parse(line) else {
      throw UsageError(command: nil, "no command in '\(line)'")
    }
    return parsed
  }

  private func command(_ line: String) throws -> Command { try parsed(line).command }

  private func usageError(_ line: String) -> UsageError? {
    do {
      _ = try CommandParser.parse(line)
      return nil
    } catch {
      return error
    }
  }

  @Test func blankAndCommentLinesAreNothing() throws {
    for line in ["", "   ", "\t", "# comment", "   # indented", "#!directive"] {
      #expect(try CommandParser.parse(line) == nil, "\(line)")
    }
  }

  @Test func everyCommandParses() throws {
    #expect(try command("login demo 'a b'") == .login(userID: "demo", password: "a b"))
    #expect(try command("login demo") == .login(userID: "demo", password: nil))
    #expect(try command("logout") == .logout)
    #expect(try command("whoami") == .whoami)
    #expect(try command("cards") == .listCards(short: false))
    #expect(try command("cards --short") == .listCards(short: true))
    #expect(try command("card get c1") == .getCard(id: "c1"))
    #expect(try command("cards order c2 c1") == .reorderCards(ids: ["c2", "c1"]))
    #expect(try command("cards search") == .searchCards(text: nil, mbti: nil, short: false))
    #expect(try command("cards search 이") == .searchCards(text: "이", mbti: nil, short: false))
    #expect(
      try command("cards search --short 이") == .searchCards(text: "이", mbti: nil, short: true))
    #expect(
      try command(#"cards search "Kim Min" mbti=infp"#)
        == .searchCards(text: "Kim Min", mbti: "infp", short: false))
    #expect(
      try command("cards search mbti=ENTJ 'R&D + 1'")
        == .searchCards(text: "R&D + 1", mbti: "ENTJ", short: false))
    #expect(try command("card delete c4") == .deleteCard(id: "c4"))
    #expect(try command("log on") == .log(isEnabled: true))
    #expect(try command("log off") == .log(isEnabled: false))
    #expect(try command("sandbox expire-token") == .sandbox(.expireToken))
    #expect(try command("sandbox revoke-refresh") == .sandbox(.revokeRefresh))
    #expect(try command("sandbox fail 503") == .sandbox(.fail(status: 503, count: 1)))
    #expect(try command("sandbox fail 500 3") == .sandbox(.fail(status: 500, count: 3)))
    #expect(try command("sandbox offline on") == .sandbox(.offline(true)))
    #expect(try command("sandbox latency 250") == .sandbox(.latency(milliseconds: 250)))
    #expect(try command("sandbox reset") == .sandbox(.reset))
    #expect(try command("help") == .help(topic: nil))
    #expect(try command("help card create") == .help(topic: "card create"))
    #expect(try command("exit") == .exit)
    #expect(try command("quit") == .exit)
  }

  @Test func namesForJSONAreTheCommandsFullNames() throws {
    #expect(try parsed("card get c1").name == "card get")
    #expect(try parsed("cards order c1").name == "cards order")
    #expect(try parsed("sandbox fail 500").name == "sandbox fail")
    #expect(try parsed("log on").name == "log")
    #expect(try parsed("exit").name == "exit")
    #expect(try parsed("quit").name == "quit")
  }

  @Test func unknownCommandNamesTheWordTyped() {
    let error = usageError("cardz all")
    #expect(error?.command == "cardz")
    #expect(error?.message == "unknown command 'cardz'; did you mean 'cards'?")
    #expect(usageError("frobnicate")?.message == "unknown command 'frobnicate'; try 'help'")
  }

  @Test(arguments: [
    ("card list", "cards"), ("card rm c1", "card delete"), ("CARDS", "cards"),
    ("whoam", "whoami"), ("card gte c1", "card get"), ("ls", "cards"),
    ("sandbox fial 500", "sandbox fail"),
  ])
  func anUnknownCommandSuggestsTheNearestOne(line: String, suggestion: String) {
    #expect(usageError(line)?.message.hasSuffix("did you mean '\(suggestion)'?") == true)
  }

  @Test func groupWithoutOrWithAnUnknownSubcommand() {
    #expect(usageError("card")?.command == "card")
    #expect(usageError("card")?.message.contains("get, create or delete") == true)
    #expect(
      usageError("sandbox nap")?.message == "unknown subcommand 'sandbox nap'; try 'help sandbox'")
    #expect(usageError("cards shuffle")?.command == "cards")
  }

  @Test func unterminatedQuoteHasNoCommandName() {
    let error = usageError(#"card create name="Kim"#)
    #expect(error != nil && error?.command == nil)
  }

  @Test func wrongArgumentCountsNameTheCommandAndShowItsUsage() {
    #expect(usageError("login")?.message.hasSuffix("usage: login <userId> [password]") == true)
    #expect(usageError("login a b c")?.message.hasPrefix("too many arguments") == true)
    #expect(usageError("card get")?.command == "card get")
    #expect(usageError("whoami now")?.command == "whoami")
    #expect(usageError("cards order")?.command == "cards order")
  }

  @Test func aSearchTakesOneTextAndOneMBTIAtMost() {
    #expect(
      usageError("cards search Kim Min ji mbti=infp")?.message
        == #"cards search takes one text; quote one with spaces: cards search "Kim Min ji" mbti=infp; "#
        + "usage: cards search [text] [mbti=XXXX] [--short]")
    #expect(
      usageError("cards search kim --json")?.message
        == "unknown option '--json'; usage: cards search [text] [mbti=XXXX] [--short]")
    #expect(
      usageError("cards search mbti=INFP mbti=ENTJ")?.message.hasPrefix("mbti may be given once")
        == true)
    #expect((try? parsed("cards search Kim"))?.name == "cards search")
  }

  @Test func usageErrorsNeverRepeatThePassword() {
    let error = usageError("login demo hunter2-secret extra")
    #expect(error?.message.contains("hunter2-secret") == false)
  }

  @Test func badNumbersAreRejected() throws {
    // A word and a number out of bounds get the same refusal, with the bounds.
    for typed in ["abc", "302", "-1", "99999999999999999999"] {
      #expect(
        usageError("sandbox fail \(typed)")?.message.hasPrefix(
          "status must be a whole number from 400 to 599, not '\(typed)'") == true)
    }
    #expect(usageError("sandbox fail 500 -1")?.message.hasPrefix("count must be") == true)
    #expect(usageError("sandbox latency 1.5")?.message.hasPrefix("milliseconds must be") == true)
    #expect(usageError("sandbox latency 99999999999999999999")?.command == "sandbox latency")
    for typed in ["99999999999999999999", "-1"] {
      #expect(
        usageError("sandbox latency \(typed)")?.message.hasPrefix(
          "milliseconds must be a whole number from 0 to 600000, not '\(typed)'") == true)
    }
    #expect(
      usageError("sandbox fail 500 99999999999999999999")?.message.hasPrefix(
        "count must be a whole number 0 or more") == true)
    #expect(try command("sandbox latency 600000") == .sandbox(.latency(milliseconds: 600_000)))
    #expect(
      usageError("sandbox latency 600001")?.message.hasPrefix(
        "milliseconds must be a whole number from 0 to 600000, not '600001'")
        == true)
    #expect(usageError("log maybe")?.message.hasPrefix("expected on or off") == true)
  }
}

@Suite("card create arguments")
struct CardCreationParserTests {
  private func arguments(_ line: String) throws -> CardCreationArguments? {
    guard case .createCard(let arguments)? = try CommandParser.parse(line)?.command else {
      return nil
    }
    return arguments
  }

  private func message(_ line: String) -> String? {
    do {
      _ = try CommandParser.parse(line)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func everyKeyIsRead() throws {
    let parsed = try arguments(
      #"card create name="Kim Minji" title=T birthday=1999-03-02 mbti=infp instagram=i "#
        + #"link=https://e.com description="d e" defaultImage=3 tmi=a tmi="b c" image=p.png"#)
    #expect(
      parsed?.values == [
        "name": "Kim Minji", "title": "T", "birthday": "1999-03-02", "mbti": "infp",
        "instagram": "i", "link": "https://e.com", "description": "d e", "defaultImage": "3",
        "image": "p.png",
      ])
    #expect(parsed?.tmis == ["a", "b c"])
  }

  @Test func emptyOptionalValuesAreLeftOutButEmptyNameAndTMIAreKept() throws {
    let parsed = try arguments("card create name= title= image= tmi=")
    #expect(parsed?.values == ["name": ""])
    #expect(parsed?.tmis == [""])
  }

  @Test func aValueMayContainEqualsSigns() throws {
    #expect(try arguments("card create name=a=b")?.values["name"] == "a=b")
  }

  @Test func problemsAreOneLineEach() {
    #expect(message("card create title=x") == "card create needs name=<text>; usage: " + usage)
    #expect(message("card create name=A colour=red")?.hasPrefix("unknown key 'colour'") == true)
    #expect(
      message("card create name=A name=B")
        == "'name' is given twice; only tmi may be given more than once")
    #expect(message("card create Kim")?.hasPrefix("expected key=value, not 'Kim'") == true)
    #expect(message("card create name=A Name=B")?.hasPrefix("unknown key 'Name'") == true)
  }

  private var usage: String {
    CommandTable.all.first { $0.name == "card create" }!.usage
  }
}
