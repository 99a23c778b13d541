/// Why `ids` is not the list `current` in a new order, naming every unknown, repeated and
/// missing id in one sentence each, or `nil` when it is: for the sandbox and the Domain's spy.
package func reorderRefusal<ID: Hashable>(_ ids: [ID], of current: [ID]) -> String? {
  var seen: Set<ID> = []
  var unknown: [ID] = []
  var repeated: [ID] = []
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
private func sentence<ID>(_ ids: [ID], _ singular: String, _ plural: String, _ rest: String)
  -> String
{
  let names = ids.map { "\($0)" }.joined(separator: ", ")
  return ids.count == 1 ? "card \(names) \(singular) \(rest)" : "cards \(names) \(plural) \(rest)"
}
