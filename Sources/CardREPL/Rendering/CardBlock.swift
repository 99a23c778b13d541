import CardDomain

/// A card as a block of `label  value` lines: id and name first, then every field that has
/// a value, one line per TMI. The renderer ends every block with an empty line, so that
/// blocks printed one after the other stay apart.
enum CardBlock {
  private static let labelWidth = 15

  static func lines(of card: Card, style: TextStyle) -> [String] {
    var fields: [(String, String)] = [("id", card.id.rawValue), ("name", card.name)]
    func add(_ label: String, _ value: String?) {
      if let value { fields.append((label, value)) }
    }
    add("title", card.title)
    add("birthday", card.birthday?.description)
    add("mbti", card.mbti?.rawValue)
    add("instagram", card.instagram)
    add("link", card.link?.absoluteString)
    add("description", card.description)
    add("default image", card.defaultImage.description)
    add("image URL", card.imageURL?.absoluteString)
    for tmi in card.tmis { add("tmi", tmi) }

    let continuation = String(repeating: " ", count: labelWidth)
    return fields.map { label, value in
      let padded = label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
      let text = TerminalText.safe(value).replacingOccurrences(of: "\n", with: "\n" + continuation)
      return style.label(padded) + (label == "id" ? style.heading(text) : text)
    }
  }
}
