/// Which typed lines the prompt's history keeps, in memory and on disk.
package enum HistoryPolicy {
  /// Every line but a blank one and a `login` line, which may hold a password. A line that
  /// cannot be split into words is judged by its first word as spaces separate it, so an
  /// unbalanced quote cannot sneak a login in.
  package static func admits(_ line: String) -> Bool {
    let first: String?
    do {
      first = try Tokenizer.words(in: line).first
    } catch {
      first = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
    }
    guard let first else { return false }
    return first != "login" && !first.hasPrefix("'login") && !first.hasPrefix("\"login")
  }
}
