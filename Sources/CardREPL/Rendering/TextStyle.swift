/// ANSI colours for one output stream, or none.
public struct TextStyle: Hashable, Sendable {
  /// Whether escape sequences are written.
  public let isEnabled: Bool

  /// Colours on or off.
  public init(isEnabled: Bool) { self.isEnabled = isEnabled }

  /// No colours.
  public static let plain = TextStyle(isEnabled: false)

  /// Colours only on a terminal, and never when `NO_COLOR` is set, whatever its value.
  public static func forStream(isTerminal: Bool, environment: [String: String]) -> TextStyle {
    TextStyle(isEnabled: isTerminal && environment["NO_COLOR"] == nil)
  }

  /// Red, for failures.
  func failure(_ text: String) -> String { wrap(text, "31") }
  /// Yellow, for notes.
  func note(_ text: String) -> String { wrap(text, "33") }
  /// Bold, for a card's heading.
  func heading(_ text: String) -> String { wrap(text, "1") }
  /// Dim, for field labels.
  func label(_ text: String) -> String { wrap(text, "2") }

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
