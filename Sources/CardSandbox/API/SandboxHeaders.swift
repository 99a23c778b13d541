/// An ordered list of header fields whose names compare case-insensitively.
public struct SandboxHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// One header field.
  public struct Field: Hashable, Sendable {
    /// The name as it was set.
    public let name: String
    /// The value.
    public let value: String

    /// Creates a field.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The fields in the order they were added.
  public private(set) var fields: [Field]

  /// Creates headers from fields, kept in order.
  public init(_ fields: [Field] = []) { self.fields = fields }

  /// Creates headers from `name: value` pairs, kept in order.
  public init(dictionaryLiteral elements: (String, String)...) {
    fields = elements.map { Field(name: $0.0, value: $0.1) }
  }

  /// The first value of the named field; setting replaces every field of that name, and
  /// setting `nil` removes them.
  public subscript(name: String) -> String? {
    get { fields.first { Self.same($0.name, name) }?.value }
    set {
      let position = fields.firstIndex { Self.same($0.name, name) }
      fields.removeAll { Self.same($0.name, name) }
      guard let newValue else { return }
      fields.insert(Field(name: name, value: newValue), at: position ?? fields.count)
    }
  }

  /// Adds a field after the existing ones, keeping any of the same name.
  public mutating func add(name: String, value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Iterates over the fields in order.
  public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

  private static func same(_ lhs: String, _ rhs: String) -> Bool {
    lhs.lowercased() == rhs.lowercased()
  }
}
