/// Splits a command line into words, the way a POSIX shell does for plain words:
///
/// - spaces and tabs separate words;
/// - `'…'` keeps everything inside literally, backslashes included;
/// - `"…"` keeps everything inside, except that `\"` and `\\` stand for `"` and `\`
///   (any other backslash is kept as it is);
/// - outside quotes, a backslash makes the next character literal (`\ ` is a space inside
///   a word);
/// - quoted and unquoted parts next to each other form one word: `key="a b"` is `key=a b`;
/// - `""` and `''` are an empty word.
///
/// An unterminated quote and a line ending in a lone backslash are errors.
public enum Tokenizer {
  /// The words of `line`.
  public static func words(in line: String) throws(TokenizeError) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var iterator = line.makeIterator()

    while let character = iterator.next() {
      switch quote {
      case "'":
        if character == "'" { quote = nil } else { word.append(character) }
      case "\"":
        if character == "\"" {
          quote = nil
        } else if character == "\\" {
          guard let next = iterator.next() else { throw .unterminatedQuote("\"") }
          if next != "\"" && next != "\\" { word.append("\\") }
          word.append(next)
        } else {
          word.append(character)
        }
      default:
        if character == " " || character == "\t" {
          if inWord { words.append(word) }
          word = ""
          inWord = false
        } else if character == "'" || character == "\"" {
          quote = character
          inWord = true
        } else if character == "\\" {
          guard let next = iterator.next() else { throw .trailingBackslash }
          word.append(next)
          inWord = true
        } else {
          word.append(character)
          inWord = true
        }
      }
    }
    if let quote { throw .unterminatedQuote(quote) }
    if inWord { words.append(word) }
    return words
  }
}
