import CardREPL
import Testing

/// Bytes as a terminal in raw mode sends them.
private enum Bytes {
  static let left: [UInt8] = [0x1B, 0x5B, 0x44]
  static let right: [UInt8] = [0x1B, 0x5B, 0x43]
  static let up: [UInt8] = [0x1B, 0x5B, 0x41]
  static let down: [UInt8] = [0x1B, 0x5B, 0x42]
  static let home: [UInt8] = [0x1B, 0x5B, 0x48]
  static let end: [UInt8] = [0x1B, 0x4F, 0x46]
  static let delete: [UInt8] = [0x1B, 0x5B, 0x33, 0x7E]
  static let backspace: [UInt8] = [0x7F]
  static let enter: [UInt8] = [0x0D]
  static let ctrlC: [UInt8] = [0x03]
  static let ctrlD: [UInt8] = [0x04]
  static let ctrlU: [UInt8] = [0x15]
  static let ctrlK: [UInt8] = [0x0B]
  static func text(_ text: String) -> [UInt8] { Array(text.utf8) }
}

extension KeyDecoder {
  /// The keys of `bytes`, fed one at a time as the terminal source does.
  fileprivate mutating func feed(_ bytes: [UInt8]) -> [Key] { bytes.flatMap { feed($0) } }
}

/// Feeds `bytes` to an editor through a key decoder and returns the actions that were not
/// redraws, with the editor.
private func type(_ bytes: [UInt8], into editor: inout LineEditor) -> [LineEditor.Action] {
  var decoder = KeyDecoder()
  return decoder.feed(bytes).map { editor.handle($0) }.filter { $0 != .redraw }
}

@Suite("Line editor keys")
struct LineEditorTests {
  @Test func typingAndEnterSubmitsTheLine() {
    var editor = LineEditor()
    #expect(type(Bytes.text("cards") + Bytes.enter, into: &editor) == [.submit("cards")])
    #expect(editor.history == ["cards"])
    #expect(editor.buffer.isEmpty && editor.cursor == 0)
  }

  @Test func arrowsMoveTheCursorAndTypingInsertsThere() {
    var editor = LineEditor()
    let bytes =
      Bytes.text("abc") + Bytes.left + Bytes.left + Bytes.backspace + Bytes.text("X")
      + Bytes.right + Bytes.text("Y") + Bytes.enter
    #expect(type(bytes, into: &editor) == [.submit("XbYc")])
  }

  @Test func homeEndDeleteAndKills() {
    var editor = LineEditor()
    _ = type(Bytes.text("hello world") + Bytes.home + Bytes.delete, into: &editor)
    #expect(editor.line == "ello world" && editor.cursor == 0)
    _ = type(Bytes.end + Bytes.left + Bytes.left + Bytes.ctrlK, into: &editor)
    #expect(editor.line == "ello wor")
    _ = type(Bytes.left + Bytes.ctrlU, into: &editor)
    #expect(editor.line == "r" && editor.cursor == 0)
  }

  @Test func backspaceAndLeftStopAtTheStart() {
    var editor = LineEditor()
    _ = type(Bytes.text("a") + Bytes.backspace + Bytes.backspace + Bytes.left, into: &editor)
    #expect(editor.line == "" && editor.cursor == 0)
  }

  @Test func upAndDownWalkTheHistoryAndKeepTheNewLine() {
    var editor = LineEditor(history: ["login demo demo", "cards"])
    _ = type(Bytes.text("car"), into: &editor)
    _ = type(Bytes.up, into: &editor)
    #expect(editor.line == "cards" && editor.cursor == 5)
    _ = type(Bytes.up + Bytes.up, into: &editor)
    #expect(editor.line == "login demo demo")
    _ = type(Bytes.down, into: &editor)
    #expect(editor.line == "cards")
    _ = type(Bytes.down, into: &editor)
    #expect(editor.line == "car")
    _ = type(Bytes.down, into: &editor)
    #expect(editor.line == "car")
  }

  @Test func aRecalledLineCanBeEditedAndSubmitted() {
    var editor = LineEditor(history: ["card get c1"])
    let actions = type(Bytes.up + Bytes.backspace + Bytes.text("2") + Bytes.enter, into: &editor)
    #expect(actions == [.submit("card get c2")])
    #expect(editor.history == ["card get c1", "card get c2"])
  }

  @Test func blankLinesAndRepeatsStayOutOfTheHistory() {
    var editor = LineEditor()
    _ = type(Bytes.text("whoami") + Bytes.enter + Bytes.text("whoami") + Bytes.enter, into: &editor)
    _ = type(Bytes.text("   ") + Bytes.enter, into: &editor)
    #expect(editor.history == ["whoami"])
  }

  @Test func ctrlCDropsTheLineAndCtrlDOnAnEmptyLineEndsInput() {
    var editor = LineEditor()
    #expect(type(Bytes.text("half typed") + Bytes.ctrlC, into: &editor) == [.interrupt])
    #expect(editor.line == "")
    #expect(type(Bytes.ctrlD, into: &editor) == [.endOfInput])
  }

  @Test func ctrlDInsideALineDeletesUnderTheCursor() {
    var editor = LineEditor()
    #expect(type(Bytes.text("ab") + Bytes.left + Bytes.ctrlD, into: &editor).isEmpty)
    #expect(editor.line == "a")
  }

  @Test func multiByteCharactersAreOneCharacter() {
    var editor = LineEditor()
    let actions = type(
      Bytes.text("이서준") + Bytes.left + Bytes.backspace + Bytes.enter, into: &editor)
    #expect(actions == [.submit("이준")])
  }
}

@Suite("Key decoder")
struct KeyDecoderTests {
  @Test func decodesArrowsInBothEncodings() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x42]) == [.up, .down])
  }

  @Test func keysSplitAcrossReadsAreJoined() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed([0x5B]) == [])
    #expect(decoder.feed([0x33]) == [])
    #expect(decoder.feed([0x7E]) == [.delete])
    #expect(decoder.feed([0xEC, 0x9D]) == [])
    #expect(decoder.feed([0xB4]) == [.character("이")])
  }

  @Test func unknownSequencesAreDroppedWhole() {
    var decoder = KeyDecoder()
    // F5 (ESC [ 1 5 ~) and a bracketed-paste marker, then a letter.
    #expect(decoder.feed(Array("\u{1B}[15~\u{1B}[200~a".utf8)) == [.character("a")])
  }

  @Test func invalidUTF8BecomesAReplacementCharacter() {
    var decoder = KeyDecoder()
    #expect(
      decoder.feed([0xFF, 0xC3, 0x41]) == [
        .character("\u{FFFD}"), .character("\u{FFFD}"), .character("A"),
      ])
  }

  @Test func controlKeys() {
    var decoder = KeyDecoder()
    #expect(
      decoder.feed([0x01, 0x05, 0x02, 0x06, 0x10, 0x0E, 0x08, 0x0A, 0x07])
        == [.home, .end, .left, .right, .up, .down, .backspace, .enter])
  }
}

@Suite("Line renderer")
struct LineRendererTests {
  @Test func drawsPromptAndLineAndPutsTheCursorBack() {
    var renderer = LineRenderer(columns: 80)
    let output = renderer.redraw(prompt: "> ", buffer: Array("abc"), cursor: 1)
    #expect(output == "\r\u{1B}[J> abc\r\u{1B}[3C")
    #expect(renderer.cursorRow == 0)
  }

  @Test func wrapsLongLinesAndGoesBackUpBeforeTheNextRedraw() {
    var renderer = LineRenderer(columns: 10)
    let first = renderer.redraw(prompt: "> ", buffer: Array("0123456789abc"), cursor: 13)
    // 15 columns: two rows; the cursor ends on the second row, column 5.
    #expect(first == "\r\u{1B}[J> 0123456789abc\r\u{1B}[5C")
    #expect(renderer.cursorRow == 1)
    let second = renderer.redraw(prompt: "> ", buffer: Array("0123456789abc"), cursor: 0)
    #expect(second == "\u{1B}[1A\r\u{1B}[J> 0123456789abc\u{1B}[1A\r\u{1B}[2C")
    #expect(renderer.cursorRow == 0)
  }

  @Test func aLineThatFillsTheRowExactlyMovesToTheNextRow() {
    var renderer = LineRenderer(columns: 5)
    let output = renderer.redraw(prompt: "> ", buffer: Array("abc"), cursor: 3)
    #expect(output == "\r\u{1B}[J> abc\r\n\r")
    #expect(renderer.cursorRow == 1)
  }

  @Test func wideCharactersTakeTwoColumns() {
    var renderer = LineRenderer(columns: 80)
    #expect(renderer.redraw(prompt: "> ", buffer: Array("이서"), cursor: 1).hasSuffix("\r\u{1B}[4C"))
  }

  @Test func finishLeavesTheCursorBelowTheLine() {
    var renderer = LineRenderer(columns: 80)
    _ = renderer.redraw(prompt: "> ", buffer: Array("ab"), cursor: 0)
    #expect(renderer.finish(prompt: "> ", buffer: Array("ab")) == "\r\u{1B}[J> ab\r\u{1B}[4C\r\n")
    #expect(renderer.cursorRow == 0)
  }
}
