/// The command a line that names none most likely meant, for "did you mean 'cards'?": a word
/// people bring from other tools (`card list`, `ls`, `card rm`), else the command name or
/// such a word within two edits of what was typed (one for four letters or fewer, so that
/// `foo` is not taken for `log`), ignoring case (`cardz`, `CARDS`, `whoam`, `card lsit`).
enum CommandSuggestion {
  private static let synonyms = [
    "list": "cards", "ls": "cards", "card list": "cards", "card ls": "cards",
    "cards list": "cards", "show": "card get", "card show": "card get", "card view": "card get",
    "card new": "card create", "card add": "card create", "card rm": "card delete",
    "card remove": "card delete", "card del": "card delete", "card order": "cards order",
    "card reorder": "cards order", "cards reorder": "cards order", "signin": "login",
    "logoff": "logout", "signout": "logout", "who": "whoami",
    "bye": "exit", "q": "quit", "search": "cards search", "find": "cards search",
    "card find": "cards search",
  ]

  /// `words` are the mistyped command: a word, or a group and a word (`card list`).
  static func nearest(to words: [String]) -> String? {
    let phrase = words.joined(separator: " ").lowercased()
    if let synonym = synonyms[phrase] { return synonym }
    // In a fixed order, so that a tie gives the same suggestion in every run: a dictionary's
    // order changes from one process to the next.
    let candidates =
      CommandTable.all.map { ($0.name, $0.name) } + synonyms.sorted { $0.key < $1.key }
    let scored = candidates.map { word, command in (command, distance(phrase, word)) }
    let maximumDistance = phrase.count <= 4 ? 1 : 2
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= maximumDistance else {
      return nil
    }
    return best.0
  }

  /// The optimal string alignment distance: insertions, deletions and substitutions of
  /// characters, and swaps of two neighbours (`gte` is one edit from `get`), each one edit.
  private static func distance(_ first: String, _ second: String) -> Int {
    let first = Array(first)
    let second = Array(second)
    var beforePrevious: [Int] = []
    var previous = Array(0...second.count)
    for (row, character) in first.enumerated() {
      var current = [row + 1]
      for (column, other) in second.enumerated() {
        let substitution = previous[column] + (character == other ? 0 : 1)
        var best = min(substitution, previous[column + 1] + 1, current[column] + 1)
        if row > 0, column > 0, character == second[column - 1], first[row - 1] == other {
          best = min(best, beforePrevious[column - 1] + 1)
        }
        current.append(best)
      }
      beforePrevious = previous
      previous = current
    }
    return previous[second.count]
  }
}
