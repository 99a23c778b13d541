/// Makes text from the server or the user safe to print on a terminal: control characters
/// (which could move the cursor or change colours) are shown escaped, as `\u{1B}`.
enum TerminalText {
  /// `text` with every control character but the newline escaped.
  static func safe(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar != "\n" && (scalar.properties.generalCategory == .control) {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
