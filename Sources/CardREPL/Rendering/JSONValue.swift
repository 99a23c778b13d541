/// A JSON value whose objects keep their members in the order given, written on one line
/// in the style `{"command": "cards", "ok": true}`, so that output is deterministic and
/// reads like the examples in the documentation.
indirect enum JSONValue: Sendable, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral
{
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer.
  case int(Int)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, members in order.
  case object([(String, JSONValue)])

  /// A string.
  init(stringLiteral value: String) { self = .string(value) }
  /// An integer.
  init(integerLiteral value: Int) { self = .int(value) }
  /// A Boolean.
  init(booleanLiteral value: Bool) { self = .bool(value) }

  /// An object of the members whose value is not `nil`, in order.
  static func members(_ members: [(String, JSONValue?)]) -> JSONValue {
    .object(members.compactMap { key, value in value.map { (key, $0) } })
  }

  /// The value as JSON text on one line.
  var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .string(let value): Self.write(string: value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += ", " }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += ", " }
        Self.write(string: key, to: &output)
        output += ": "
        value.write(to: &output)
      }
      output += "}"
    }
  }

  /// A JSON string (RFC 8259): quotes, backslashes and control characters escaped, every
  /// other character as it is.
  private static func write(string: String, to output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
