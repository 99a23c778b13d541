/// A coding path written as people read it: `cardIds[1]`, `cards.c1.userId`.
enum CodingPathText {
  /// The keys joined by `.`, with array positions as `[index]`.
  static func describe(_ keys: [any CodingKey]) -> String {
    keys.reduce("") { path, key in
      if let index = key.intValue { return "\(path)[\(index)]" }
      return path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)"
    }
  }
}
