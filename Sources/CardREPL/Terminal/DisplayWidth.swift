/// How many terminal columns text takes: two for East Asian wide characters (Hangul, CJK,
/// full-width forms, most emoji), none for combining marks, one otherwise.
enum DisplayWidth {
  static func of(_ text: some Sequence<Character>) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.properties.generalCategory == .nonspacingMark { return 0 }
    return isWide(first.value) ? 2 : 1
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}
