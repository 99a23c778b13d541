/// Which typed lines the prompt's history keeps, in memory and on disk.
package enum HistoryPolicy {
  /// Every line but a blank one and one that may hold a password: a line with a command whose
  /// first word is `login` in any case, or one the did-you-mean would take for `login`
  /// (`logni`, `LOGIN`, `signin`). Each `;`-separated part of the line is judged, as `-c`
  /// would split it, so that a login typed after a `;` keeps the line out too.
  ///
  /// The first word is read two ways, and either one that looks like a login decides: as the
  /// parser splits words, and as any whitespace separates them, without quotes and backslashes
  /// (so that an unbalanced quote, `login\ demo` or a no-break space sneaks no login in).
  package static func admits(_ line: String) -> Bool {
    var hasCommand = false
    for command in CommandList.split(line) {
      let firstWords = firstWords(of: command)
      guard !firstWords.isEmpty else { continue }
      hasCommand = true
      if firstWords.contains(where: mayBeLogin) { return false }
    }
    return hasCommand
  }

  /// The readings of the first word of `command`; none for a blank line or a comment.
  private static func firstWords(of command: String) -> [String] {
    var readings: [String] = []
    if let parsed = try? Tokenizer.words(in: command) {
      guard let first = parsed.first else { return [] }
      readings.append(first)
    }
    if let raw = command.split(whereSeparator: \.isWhitespace).first {
      readings.append(String(raw.filter { !"'\"\\".contains($0) }))
    }
    return readings
  }

  /// `login` in any case, a word that starts with it, or one the did-you-mean would turn
  /// into it.
  private static func mayBeLogin(_ word: String) -> Bool {
    word.lowercased().hasPrefix("login") || CommandSuggestion.nearest(to: [word]) == "login"
  }
}
