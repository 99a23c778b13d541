/// The state of the line being typed at the prompt, with the session's history: a pure
/// value that ``handle(_:)`` changes key by key, so that it is tested without a terminal.
package struct LineEditor: Sendable {
  /// What a key did: `submit` is Enter, after which the line is in the history unless it is
  /// blank or a repeat; `interrupt` (Ctrl-C) drops the line.
  package enum Action: Hashable, Sendable {
    case redraw
    case submit(String)
    case endOfInput, interrupt
  }

  package private(set) var buffer: [Character] = []
  /// 0...buffer.count.
  package private(set) var cursor = 0
  /// Oldest first.
  package private(set) var history: [String]

  /// `nil` while editing a new line.
  private var historyIndex: Int?
  /// The new line being typed, kept while browsing the history.
  private var draft: [Character] = []

  package init(history: [String] = []) { self.history = history }

  package var line: String { String(buffer) }

  package mutating func handle(_ key: Key) -> Action {
    switch key {
    case .character(let character):
      buffer.insert(character, at: cursor)
      cursor += 1
    case .backspace:
      guard cursor > 0 else { return .redraw }
      cursor -= 1
      buffer.remove(at: cursor)
    case .delete:
      if cursor < buffer.count { buffer.remove(at: cursor) }
    case .endOfInput:
      if buffer.isEmpty { return .endOfInput }
      if cursor < buffer.count { buffer.remove(at: cursor) }
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(buffer.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = buffer.count
    case .deleteToStart:
      buffer.removeFirst(cursor)
      cursor = 0
    case .deleteToEnd: buffer.removeLast(buffer.count - cursor)
    case .up: showHistory(at: (historyIndex ?? history.count) - 1)
    case .down: showHistory(at: (historyIndex ?? history.count) + 1)
    case .interrupt:
      startNewLine()
      return .interrupt
    case .enter:
      let submitted = line
      remember(submitted)
      startNewLine()
      return .submit(submitted)
    }
    return .redraw
  }

  /// Shows history entry `index`; past the newest entry, the new line typed before.
  private mutating func showHistory(at index: Int) {
    guard index >= 0 else { return }
    if historyIndex == nil {
      guard index < history.count else { return }
      draft = buffer
    }
    if index >= history.count {
      historyIndex = nil
      buffer = draft
    } else {
      historyIndex = index
      buffer = Array(history[index])
    }
    cursor = buffer.count
  }

  private mutating func remember(_ submitted: String) {
    if submitted.contains(where: { !$0.isWhitespace }), history.last != submitted {
      history.append(submitted)
    }
  }

  private mutating func startNewLine() {
    buffer = []
    cursor = 0
    historyIndex = nil
    draft = []
  }
}

/// A key press at the prompt, decoded from the terminal's bytes by ``KeyDecoder``. The
/// arrows, Home and End also come as Ctrl-B, F, P, N, A and E; `deleteToStart` is Ctrl-U,
/// `deleteToEnd` Ctrl-K, `interrupt` Ctrl-C; `endOfInput` is Ctrl-D, which ends the input on
/// an empty line and deletes under the cursor otherwise.
package enum Key: Hashable, Sendable {
  case character(Character)
  case enter, backspace, delete, left, right, up, down, home, end
  case deleteToStart, deleteToEnd, interrupt, endOfInput
}

/// Decodes the bytes a terminal in raw mode sends into ``Key``s: UTF-8 text, control keys,
/// and the `ESC [` (CSI) and `ESC O` (SS3) sequences of arrows, Home, End and Delete.
/// Sequences it does not know are dropped whole; invalid UTF-8 becomes U+FFFD.
package struct KeyDecoder: Sendable {
  private enum State: Sendable {
    case ground, escape, singleShift
    case controlSequence(parameters: [UInt8])
    case text(expected: Int, bytes: [UInt8])
  }

  private var state = State.ground

  package init() {}

  /// None while a sequence is incomplete.
  package mutating func feed(_ byte: UInt8) -> [Key] {
    switch state {
    case .ground:
      return ground(byte)
    case .escape:
      switch byte {
      case UInt8(ascii: "["):
        state = .controlSequence(parameters: [])
        return []
      case UInt8(ascii: "O"):
        state = .singleShift
        return []
      default:
        // A lone Escape followed by something else: drop the Escape.
        state = .ground
        return ground(byte)
      }
    case .controlSequence(let parameters):
      guard (0x40...0x7E).contains(byte) else {
        state = parameters.count < 16 ? .controlSequence(parameters: parameters + [byte]) : .ground
        return []
      }
      state = .ground
      return Self.controlSequence(parameters: parameters, final: byte)
    case .singleShift:
      state = .ground
      return Self.controlSequence(parameters: [], final: byte)
    case .text(let expected, let bytes):
      guard byte & 0xC0 == 0x80 else {
        state = .ground
        return [.character("\u{FFFD}")] + ground(byte)
      }
      let collected = bytes + [byte]
      guard collected.count == expected else {
        state = .text(expected: expected, bytes: collected)
        return []
      }
      state = .ground
      return String(decoding: collected, as: UTF8.self).map(Key.character)
    }
  }

  /// The control bytes that are keys; the others are ignored.
  private static let controlKeys: [UInt8: Key] = [
    0x01: .home, 0x02: .left, 0x03: .interrupt, 0x04: .endOfInput, 0x05: .end, 0x06: .right,
    0x08: .backspace, 0x7F: .backspace, 0x09: .character(" "), 0x0A: .enter, 0x0D: .enter,
    0x0B: .deleteToEnd, 0x0E: .down, 0x10: .up, 0x15: .deleteToStart,
  ]

  private mutating func ground(_ byte: UInt8) -> [Key] {
    switch byte {
    case 0x1B:
      state = .escape
      return []
    case 0x00..<0x20, 0x7F: return Self.controlKeys[byte].map { [$0] } ?? []
    case 0x20..<0x80: return [.character(Character(Unicode.Scalar(byte)))]
    case 0xC2...0xF4:
      // The lead byte of a 2-, 3- or 4-byte sequence.
      state = .text(expected: byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4, bytes: [byte])
      return []
    default:
      return [.character("\u{FFFD}")]
    }
  }

  /// Arrows, Home and End whatever their parameters (modifiers); `ESC [ n ~` by its number.
  private static let finalKeys: [UInt8: Key] = [
    UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
    UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
  ]
  private static let numberedKeys: [String: Key] = [
    "1": .home, "7": .home, "4": .end, "8": .end, "3": .delete,
  ]

  private static func controlSequence(parameters: [UInt8], final: UInt8) -> [Key] {
    let key =
      final == UInt8(ascii: "~")
      ? numberedKeys[String(decoding: parameters, as: UTF8.self)] : finalKeys[final]
    return key.map { [$0] } ?? []
  }
}

/// Redraws the prompt and the line being edited, wrapped over as many rows as the terminal
/// needs, and puts the cursor where it belongs. It remembers the cursor's row (from the
/// prompt's row) between redraws, so that it can go back up to the prompt before drawing.
package struct LineRenderer: Sendable {
  package var columns: Int
  package private(set) var cursorRow = 0

  package init(columns: Int) { self.columns = max(columns, 1) }

  package mutating func redraw(prompt: String, buffer: [Character], cursor: Int) -> String {
    var output = cursorRow > 0 ? "\u{1B}[\(cursorRow)A" : ""
    output += "\r\u{1B}[J" + prompt + String(buffer)
    let total = DisplayWidth.of(prompt) + DisplayWidth.of(buffer)
    if total > 0 && total % columns == 0 {
      // The terminal waits at the last column; move to the next row as the count assumes.
      output += "\r\n"
    }
    let endRow = total / columns
    let position = DisplayWidth.of(prompt) + DisplayWidth.of(buffer[..<cursor])
    let (row, column) = (position / columns, position % columns)
    if endRow > row { output += "\u{1B}[\(endRow - row)A" }
    output += "\r"
    if column > 0 { output += "\u{1B}[\(column)C" }
    cursorRow = row
    return output
  }

  /// The bytes that leave the line: the cursor goes below its last row; the next redraw
  /// starts a new prompt.
  package mutating func finish(prompt: String, buffer: [Character]) -> String {
    var output = redraw(prompt: prompt, buffer: buffer, cursor: buffer.count)
    let total = DisplayWidth.of(prompt) + DisplayWidth.of(buffer)
    if total == 0 || total % columns != 0 { output += "\r\n" }
    cursorRow = 0
    return output
  }
}

/// How many terminal columns text takes: two for East Asian wide characters (Hangul, CJK,
/// full-width forms, most emoji), none for combining marks, one otherwise.
enum DisplayWidth {
  static func of(_ text: some Sequence<Character>) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.properties.generalCategory == .nonspacingMark { return 0 }
    return isWide(first.value) ? 2 : 1
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}
