import Foundation

/// What Tab offers at the prompt: command words, `help` topics, `card create` keys, MBTI
/// values (after `card create`'s and `cards search`'s `mbti=`), the card ids of the last listing, `on`/`off`, and file paths after `image=`. It
/// reads only the text before the cursor and knows nothing of the terminal.
package struct LineCompleter: Sendable {
  /// The word being completed as typed, and every word that may replace it, sorted.
  package struct Completion: Hashable, Sendable {
    package var word: String
    package var candidates: [String]
  }

  private let recentCards: RecentCards
  /// Where a relative `image=` path starts, as `card create` reads it.
  private let workingDirectory: URL

  package init(recentCards: RecentCards, workingDirectory: URL) {
    self.recentCards = recentCards
    self.workingDirectory = workingDirectory
  }

  /// Words are split at spaces only: inside a quote nothing is offered.
  package func complete(_ textBeforeCursor: String) -> Completion {
    var words = textBeforeCursor.split(separator: " ", omittingEmptySubsequences: false)
      .map(String.init).filter { !$0.isEmpty }
    let word = textBeforeCursor.last == " " || textBeforeCursor.isEmpty ? "" : words.removeLast()
    guard !word.hasPrefix("'"), !word.hasPrefix("\"") else {
      return Completion(word: word, candidates: [])
    }
    let candidates = choices(after: words, for: word).filter { $0.hasPrefix(word) }
    return Completion(word: word, candidates: Array(Set(candidates)).sorted())
  }

  private func choices(after words: [String], for word: String) -> [String] {
    guard let first = words.first else { return Self.firstWords }
    if first == "help" { return Self.commandWords(after: Array(words.dropFirst())) }
    let subcommands = CommandTable.subcommands(of: first)
    if words.count == 1, !subcommands.isEmpty { return subcommands }
    switch words.prefix(2).joined(separator: " ") {
    case "card get", "card delete": return words.count == 2 ? recentCards.cardIDs : []
    case "cards order": return recentCards.cardIDs.filter { !words.contains($0) }
    case "card create": return creationChoices(after: words.dropFirst(2), for: word)
    case "cards search":
      if word.hasPrefix("mbti=") { return Self.mbtiValues.map { "mbti=" + $0 } }
      return words.contains { $0.hasPrefix("mbti=") } ? [] : ["mbti="]
    case "log", "sandbox offline": return ["on", "off"]
    default: return []
    }
  }

  private static var firstWords: [String] { CommandTable.all.map { $0.words[0] } }

  /// `help`'s topics: a command's first word, then the second words of its group.
  private static func commandWords(after words: [String]) -> [String] {
    switch words.count {
    case 0: firstWords
    case 1: CommandTable.subcommands(of: words[0])
    default: []
    }
  }

  private func creationChoices(after words: ArraySlice<String>, for word: String) -> [String] {
    guard let equals = word.firstIndex(of: "=") else {
      let given = Set(words.compactMap { $0.split(separator: "=").first.map(String.init) })
      return CardCreationArguments.keys.filter { $0 == "tmi" || !given.contains($0) }
        .map { $0 + "=" }
    }
    let key = word[..<equals]
    let value = String(word[word.index(after: equals)...])
    switch key {
    case "mbti": return Self.mbtiValues.map { "mbti=" + $0 }
    case "image": return paths(startingWith: value).map { "image=" + $0 }
    default: return []
    }
  }

  private static let mbtiValues = [
    "ESTJ", "ESTP", "ESFJ", "ESFP", "ENTJ", "ENTP", "ENFJ", "ENFP",
    "ISTJ", "ISTP", "ISFJ", "ISFP", "INTJ", "INTP", "INFJ", "INFP",
  ]

  /// The entries of the directory `typed` names, as typed: `~/` stays, a directory ends with
  /// `/`, and hidden entries only when the name typed starts with a dot.
  private func paths(startingWith typed: String) -> [String] {
    let slash = typed.lastIndex(of: "/")
    let directoryPart = slash.map { String(typed[...$0]) } ?? ""
    let namePrefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    let expanded = NSString(string: directoryPart).expandingTildeInPath
    let directory =
      directoryPart.isEmpty
      ? workingDirectory
      : expanded.hasPrefix("/")
        ? URL(fileURLWithPath: expanded) : workingDirectory.appendingPathComponent(expanded)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix(namePrefix) && ($0.first != "." || namePrefix.first == ".") }
      .map { name in
        var isDirectory: ObjCBool = false
        let path = directory.appendingPathComponent(name).path
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        return directoryPart + name + (exists && isDirectory.boolValue ? "/" : "")
      }
  }
}
