import CardREPL
import Testing

@Suite("Tokenizer: quotes and escapes")
struct TokenizerTests {
  private func words(_ line: String) throws -> [String] { try Tokenizer.words(in: line) }

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
