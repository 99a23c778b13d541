/// Reads the `key=value` arguments of `card create`: every key known, each at most once
/// except `tmi`, `name` present, `defaultImage` a number.
enum CardCreationParser {
  static func parse(_ spec: CommandSpec, _ arguments: [String]) throws(UsageError) -> Command {
    var values: [String: String] = [:]
    var tmis: [String] = []
    for argument in arguments {
      guard let equals = argument.firstIndex(of: "=") else {
        throw spec.usageError("expected key=value, not '\(argument)'")
      }
      let key = String(argument[..<equals])
      let value = String(argument[argument.index(after: equals)...])
      guard CardCreationArguments.keys.contains(key) else {
        let known = CardCreationArguments.keys.joined(separator: ", ")
        throw UsageError(
          command: spec.name, "unknown key '\(key)' for card create; the keys are \(known)")
      }
      if key == "tmi" {
        tmis.append(value)
      } else if values.updateValue(value, forKey: key) != nil {
        throw UsageError(
          command: spec.name, "'\(key)' is given twice; only tmi may be given more than once")
      }
    }
    guard let name = values["name"] else { throw spec.usageError("card create needs name=<text>") }
    func optional(_ key: String) -> String? { values[key].flatMap { $0.isEmpty ? nil : $0 } }
    let defaultImage = try optional("defaultImage").map { (text) throws(UsageError) in
      guard let number = Int(text) else {
        throw UsageError(
          command: spec.name, "defaultImage must be a number from 0 to 5, not '\(text)'")
      }
      return number
    }
    return .createCard(
      CardCreationArguments(
        name: name, title: optional("title"), birthday: optional("birthday"),
        mbti: optional("mbti"), instagram: optional("instagram"), link: optional("link"),
        description: optional("description"), defaultImage: defaultImage, tmis: tmis,
        imagePath: optional("image")))
  }
}
