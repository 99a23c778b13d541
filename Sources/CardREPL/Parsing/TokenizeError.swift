/// Why a command line could not be split into words.
public enum TokenizeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A quote was opened and never closed.
  case unterminatedQuote(Character)
  /// The line ends with a backslash that escapes nothing.
  case trailingBackslash

  /// A one-line message with a hint.
  public var description: String {
    switch self {
    case .unterminatedQuote("'"):
      "unterminated ' quote; close it, or write \\' outside quotes for a single quote"
    case .unterminatedQuote:
      "unterminated \" quote; close it, or write \\\" for a double quote"
    case .trailingBackslash:
      "the line ends with a lone backslash; write \\\\ for a backslash"
    }
  }
}
