import CardSandbox
import Foundation

/// An admin request's JSON object, read field by field. A number is read as a `Decimal`, which
/// keeps 38 digits exactly, and taken only when its digits are a whole number that `Int` holds
/// and its bounds contain: so no value a peer sends (huge, negative, fractional, `1e15`, a
/// string) reaches arithmetic that could trap. Decoding it as an `Int` would not do: the
/// decoder drops the fraction of a number past 2^53, `224291416633029662.3` becoming
/// `224291416633029662`. A refusal names the field and what it must be.
struct AdminArguments {
  private let fields: [String: Value]
  /// A body the operation accepts, for the messages: `{"milliseconds": 200}`.
  private let example: String

  /// A JSON value as far as an admin operation cares; a number as its decimal digits.
  private enum Value: Decodable {
    case number(String)
    case string(String)
    case bool(Bool)
    case other

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let bool = try? container.decode(Bool.self) {
        self = .bool(bool)
      } else if let string = try? container.decode(String.self) {
        self = .string(string)
      } else if let number = try? container.decode(Decimal.self) {
        self = .number(number.description)
      } else {
        self = .other
      }
    }
  }

  /// `400` when `body` is not a JSON object, or names a key twice in one object, which the
  /// sandbox refuses in every body it reads (``CardSandbox/Sandbox/repeatedKeyRefusal(in:)``).
  init(_ body: Data, example: String) throws(AdminOperation.Refusal) {
    self.example = example
    do {
      fields = try JSONDecoder().decode([String: Value].self, from: body)
    } catch {
      throw AdminOperation.Refusal(status: 400, message: "send a JSON object such as \(example)")
    }
    if let refusal = Sandbox.repeatedKeyRefusal(in: body) {
      throw AdminOperation.Refusal(status: 400, message: refusal)
    }
  }

  /// The whole number `name` holds, within `range`; `defaultValue` when it is absent.
  func wholeNumber(
    _ name: String, in range: ClosedRange<Int>, default defaultValue: Int? = nil
  ) throws(AdminOperation.Refusal) -> Int {
    let refusal = AdminOperation.Refusal(
      status: 400,
      message:
        "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), "
        + "as in \(example)")
    guard let value = fields[name] else {
      guard let defaultValue else { throw refusal }
      return defaultValue
    }
    // Digits and a sign only: a fraction keeps its point; `Int(_:)` returns `nil` past its
    // range instead of trapping.
    guard case .number(let digits) = value,
      digits.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }),
      let number = Int(digits), range.contains(number)
    else { throw refusal }
    return number
  }

  /// The boolean `name` holds.
  func boolean(_ name: String) throws(AdminOperation.Refusal) -> Bool {
    guard case .bool(let value) = fields[name] else {
      throw AdminOperation.Refusal(
        status: 400, message: "\(name) must be true or false, as in \(example)")
    }
    return value
  }

  /// The string `name` holds.
  func string(_ name: String) throws(AdminOperation.Refusal) -> String {
    guard case .string(let value) = fields[name] else {
      throw AdminOperation.Refusal(
        status: 400, message: "\(name) must be a string, as in \(example)")
    }
    return value
  }
}
