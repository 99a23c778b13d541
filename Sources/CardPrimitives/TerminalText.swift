/// Text from outside the program made safe to print on a terminal: every control character,
/// C0, DEL and C1 alike, is shown escaped, as `\u{1B}`, since `ESC` and the C1 `CSI` start
/// sequences that move the cursor, set the window title or write the clipboard. Here, not in
/// the REPL, because the Data layer's request log prints what servers send too.
package enum TerminalText {
  /// `text` with every control character but the newline escaped, so that a value of several
  /// lines still prints as several lines.
  package static func safe(_ text: String) -> String {
    escaping(text) { $0 != "\n" && isControl($0) }
  }

  /// `text` as one line: the newline is escaped too, so that no text from outside can end
  /// the line and print what looks like another line of ours.
  package static func safeLine(_ text: String) -> String {
    escaping(text, where: isControl)
  }

  /// Cc, the control characters: U+0000–U+001F, U+007F (DEL) and U+0080–U+009F (C1).
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  private static func escaping(
    _ text: String, where isEscaped: (Unicode.Scalar) -> Bool
  ) -> String {
    guard text.unicodeScalars.contains(where: isEscaped) else { return text }
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isEscaped(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        output.append(contentsOf: "\\u{\(hex)}".unicodeScalars)
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }
}
