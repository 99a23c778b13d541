import CardPrimitives
import Testing

@Suite("Terminal text")
struct TerminalTextTests {
  @Test func everyControlCharacterIsEscapedC0DELAndC1() {
    let text = "a\u{0}b\u{7}c\u{1B}[2Jd\u{7F}e\u{80}f\u{9B}0mg\u{9F}h\ti\rj"
    #expect(
      TerminalText.safe(text)
        == #"a\u{0}b\u{7}c\u{1B}[2Jd\u{7F}e\u{80}f\u{9B}0mg\u{9F}h\u{9}i\u{D}j"#)
  }

  @Test func safeKeepsNewlinesAndSafeLineEscapesThem() {
    #expect(TerminalText.safe("one\ntwo") == "one\ntwo")
    #expect(TerminalText.safeLine("one\ntwo") == #"one\u{A}two"#)
  }

  @Test func otherTextIsLeftAsItIs() {
    let text = "김민지 ☕️ \u{A0}no-break, é, \u{200D}, \u{2028}"
    #expect(TerminalText.safe(text) == text)
    #expect(TerminalText.safeLine(text) == text)
  }
}
