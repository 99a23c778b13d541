/// An ordered list of header fields whose names compare case-insensitively.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
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

  /// The first value of the named field; setting replaces every field of that name
  /// (at the position of the first one), and setting `nil` removes them.
  public subscript(name: String) -> String? {
    get { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
    set {
      let position = fields.firstIndex { $0.name.lowercased() == name.lowercased() }
      fields.removeAll { $0.name.lowercased() == name.lowercased() }
      guard let newValue else { return }
      fields.insert(Field(name: name, value: newValue), at: position ?? fields.count)
    }
  }

  /// Every value of the named field, in order.
  public func values(for name: String) -> [String] {
    fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
  }

  /// Adds a field after the existing ones, keeping any of the same name.
  public mutating func add(name: String, value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// These headers with `other`'s fields set over them, name by name.
  public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
    var merged = self
    for name in Set(other.fields.map { $0.name.lowercased() }) {
      merged[name] = nil
    }
    merged.fields.append(contentsOf: other.fields)
    return merged
  }

  /// Iterates over the fields in order.
  public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}
