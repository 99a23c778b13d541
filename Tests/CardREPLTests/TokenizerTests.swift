import CardREPL
import CardTestingPrimitives
import Foundation
import Testing

@Suite("Tokenizer: quotes and escapes")
struct TokenizerTests {
  private func words(_ line: String) throws -> [String] { try Tokenizer.words(in: line) }

  @Test func aHashThatStartsAWordStartsAComment() throws {
    #expect(try words("cards  # mine") == ["cards"])
    #expect(try words("login demo demo #secret 'unbalanced") == ["login", "demo", "demo"])
    #expect(
      try words("card create name=a tmi=#1 '#2' \\#3") == [
        "card", "create", "name=a", "tmi=#1", "#2", "#3",
      ])
    #expect(try words("#") == [])
  }

  @Test func dashCCommandsSplitAtSemicolonsOutsideQuotesAndComments() async {
    let text = #"login demo 'a;b'; card create name="x;y" tmi=\;;cards # c;d"#
    let source = ScriptSource.commands(text)
    #expect(source.origin == nil)
    var lines: [String] = []
    while case .line(let line) = await source.nextLine(prompt: "") { lines.append(line) }
    #expect(lines == ["login demo 'a;b'", #" card create name="x;y" tmi=\;"#, "cards # c;d"])
  }

  @Test func aScriptFileIsReadAsUTF8LinesWithoutCarriageReturns() async throws {
    let directory = try TemporaryDirectory()
    try Data("login demo demo\r\ncards\n\nwhoami".utf8).write(to: directory.appending("s.txt"))
    let source = try ScriptSource.file(named: "s.txt", in: directory.url)
    #expect(source.origin == "s.txt")
    var lines: [String] = []
    while case .line(let line) = await source.nextLine(prompt: "") { lines.append(line) }
    #expect(lines == ["login demo demo", "cards", "", "whoami"])
    #expect {
      try ScriptSource.file(named: "none.txt", in: directory.url)
    } throws: { error in
      "\(error)" == "cannot run the script 'none.txt': no such file"
    }
  }

  /// Only the line that is not UTF-8 is refused, when its turn comes; it is never repaired
  /// into U+FFFD and run.
  @Test func aScriptLineThatIsNotUTF8IsRefusedAlone() async throws {
    let directory = try TemporaryDirectory()
    try Data("cards\r\ncard create name=".utf8 + [0xFF, 0xFE] + Data("\r\nwhoami\n".utf8))
      .write(to: directory.appending("bad.txt"))
    let source = try ScriptSource.file(named: "bad.txt", in: directory.url)
    var inputs: [LineInput] = []
    while true {
      let input = await source.nextLine(prompt: "")
      if input == .endOfInput { break }
      inputs.append(input)
    }
    #expect(inputs == [.line("cards"), .notUTF8, .line("whoami")])
  }

  @Test func aScriptThatIsADirectorySaysSo() throws {
    let directory = try TemporaryDirectory()
    #expect {
      try ScriptSource.file(named: directory.url.path, in: directory.url)
    } throws: { error in
      "\(error)" == "cannot run the script '\(directory.url.path)': it is a directory"
    }
  }

  @Test func spacesAndTabsSeparateWords() throws {
    #expect(try words("  card   get\tc1  ") == ["card", "get", "c1"])
    #expect(try words("") == [])
    #expect(try words("   ") == [])
  }

  @Test func singleQuotesKeepEverythingLiterally() throws {
    #expect(try words("login demo 'my secret'") == ["login", "demo", "my secret"])
    #expect(try words(#"'a\b "c"'"#) == [#"a\b "c""#])
  }

  @Test func doubleQuotesKeepSpacesAndUnescapeQuotesAndBackslashes() throws {
    #expect(try words(#"title="SOPT 29th iOS""#) == ["title=SOPT 29th iOS"])
    #expect(try words(#""say \"hi\"""#) == [#"say "hi""#])
    #expect(try words(#""back\\slash""#) == [#"back\slash"#])
    // Any other backslash inside double quotes is kept, as in a POSIX shell.
    #expect(try words(#""a\nb""#) == [#"a\nb"#])
  }

  @Test func quotesOfOneKindNestInsideTheOther() throws {
    #expect(try words(#""it's""#) == ["it's"])
    #expect(try words(#"'say "hi"'"#) == [#"say "hi""#])
    #expect(try words(#"name='O'"'"'Neil'"#) == ["name=O'Neil"])
  }

  @Test func backslashOutsideQuotesMakesTheNextCharacterLiteral() throws {
    #expect(try words(#"tab\ separated"#) == ["tab separated"])
    #expect(try words(#"\"quoted\""#) == [#""quoted""#])
    #expect(try words(#"a\\b"#) == [#"a\b"#])
    #expect(try words(#"\'"#) == ["'"])
  }

  @Test func keyWithQuotedValueIsOneWord() throws {
    #expect(
      try words(#"card create name="Kim Minji" tmi='likes coffee'"#)
        == ["card", "create", "name=Kim Minji", "tmi=likes coffee"])
  }

  @Test func emptyQuotesAreAnEmptyWord() throws {
    #expect(try words(#"login "" demo"#) == ["login", "", "demo"])
    #expect(try words("title=''") == ["title="])
    #expect(try words(#""""#) == [""])
  }

  @Test func unterminatedQuotesAreErrorsWithAHint() throws {
    #expect(throws: TokenizeError.unterminatedQuote("\"")) { try words(#"name="Kim"#) }
    #expect(throws: TokenizeError.unterminatedQuote("'")) { try words("name='Kim") }
    #expect(throws: TokenizeError.unterminatedQuote("\"")) { try words(#""ends in \"#) }
    #expect(TokenizeError.unterminatedQuote("\"").description.contains("close it"))
  }

  @Test func trailingBackslashIsAnError() throws {
    #expect(throws: TokenizeError.trailingBackslash) { try words(#"name=Kim\"#) }
    #expect(TokenizeError.trailingBackslash.description.contains(#"\\"#))
  }

  @Test func unicodeIsKept() throws {
    #expect(
      try words("card create name=이서준 title='디자인 파트'") == [
        "card", "create", "name=이서준", "title=디자인 파트",
      ])
  }
}
