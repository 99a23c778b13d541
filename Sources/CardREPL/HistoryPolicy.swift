/// Which typed lines the prompt's history keeps, in memory and on disk.
package enum HistoryPolicy {
  /// Every line but a blank one and a `login` line, which may hold a password. A line that
  /// cannot be split into words (an unbalanced quote) is judged by its first word as spaces
  /// separate it, without quotes and backslashes, so that no spelling sneaks a login in.
  package static func admits(_ line: String) -> Bool {
    do {
      guard let first = try Tokenizer.words(in: line).first else { return false }
      return first != "login"
    } catch {
      let raw = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? ""
      return !raw.filter { !"'\"\\".contains($0) }.hasPrefix("login")
    }
  }
}
