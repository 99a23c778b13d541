/// HTTP header fields in the order they were added, names compared without regard to case
/// (RFC 9110 §5.1): the storage behind the client's `HTTPHeaders` and the sandbox's headers.
package struct HeaderFields: Hashable, Sendable, ExpressibleByDictionaryLiteral {
  package private(set) var fields: [(name: String, value: String)]

  package init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

  package init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements.map { (name: $0.0, value: $0.1) })
  }

  /// The first value of the named field. Setting one replaces every field of that name, at
  /// the place of the first; setting `nil` removes them.
  package subscript(name: String) -> String? {
    get { fields.first { Self.same($0.name, name) }?.value }
    set {
      let position = fields.firstIndex { Self.same($0.name, name) }
      fields.removeAll { Self.same($0.name, name) }
      guard let newValue else { return }
      fields.insert((name, newValue), at: position ?? fields.count)
    }
  }

  package func values(for name: String) -> [String] {
    fields.filter { Self.same($0.name, name) }.map(\.value)
  }

  /// Adds a field after the others, keeping any of the same name.
  package mutating func add(name: String, value: String) { fields.append((name, value)) }

  package static func == (lhs: HeaderFields, rhs: HeaderFields) -> Bool {
    lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
  }

  package func hash(into hasher: inout Hasher) {
    for field in fields {
      hasher.combine(field.name)
      hasher.combine(field.value)
    }
  }

  /// Header names are ASCII tokens.
  private static func same(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.elementsEqual(rhs.utf8) { lowercase($0) == lowercase($1) }
  }

  private static func lowercase(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
