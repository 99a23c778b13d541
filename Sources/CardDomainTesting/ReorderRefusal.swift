import CardDomain

/// Why `ids` is not the list `current` in a new order, naming every unknown, repeated and
/// missing id in one sentence each, in that order, or `nil` when it is: the sentences the
/// sandbox refuses a reorder with (`CardEndpointTests` and `ScriptedFakesTests` hold both to
/// them), written again here so that the Domain's spies depend on the Domain alone.
func reorderRefusal(_ ids: [CardID], of current: [CardID]) -> String? {
  var seen: Set<CardID> = []
  var unknown: [CardID] = []
  var repeated: [CardID] = []
  for id in ids {
    if !current.contains(id) {
      if !unknown.contains(id) { unknown.append(id) }
    } else if !seen.insert(id).inserted, !repeated.contains(id) {
      repeated.append(id)
    }
  }
  let missing = current.filter { !seen.contains($0) }
  var problems: [String] = []
  if !unknown.isEmpty { problems.append(sentence(unknown, "is", "are", "not in your list")) }
  if !repeated.isEmpty {
    problems.append(sentence(repeated, "appears", "appear", "more than once in cardIds"))
  }
  if !missing.isEmpty {
    problems.append(sentence(missing, "is", "are", "missing from cardIds; send the whole list"))
  }
  return problems.isEmpty ? nil : problems.joined(separator: "; ")
}

/// `card c9 is …` or `cards c9, c8 are …`.
private func sentence(_ ids: [CardID], _ singular: String, _ plural: String, _ rest: String)
  -> String
{
  let names = ids.map { "\($0)" }.joined(separator: ", ")
  return ids.count == 1 ? "card \(names) \(singular) \(rest)" : "cards \(names) \(plural) \(rest)"
}
