import Foundation

/// A header value of the form `value; name=token; name="quoted string"`, as `Content-Type`
/// and a part's `Content-Disposition` are written.
///
/// A quoted string runs to the next `"`; a backslash in it is kept as it is. No parameter
/// the sandbox reads needs a quoted pair: a boundary cannot contain `\` or `"`, and form-data
/// names and file names escape `"` as `%22` (RFC 7578 §2, as browsers and curl send them).
struct ParameterizedHeader: Sendable {
  /// A header value this type cannot read, with the reason.
  struct Malformed: Error, Sendable {
    /// What is wrong, as a phrase.
    let reason: String
  }

  /// The part before the first `;`, trimmed.
  let value: String
  /// The parameters by lowercased name.
  let parameters: [String: String]

  /// Parses `text`; fails on an unterminated quote, a parameter without `=` or a repeated
  /// parameter. Empty parameters (`a;;b=c`, a trailing `;`) are skipped.
  init(_ text: String) throws(Malformed) {
    var rest = Substring(text)
    value = Self.trim(Self.take(from: &rest, until: { $0 == ";" }))
    var parameters: [String: String] = [:]
    while rest.popFirst() != nil {  // the ";"
      let name = Self.trim(Self.take(from: &rest, until: { $0 == "=" || $0 == ";" })).lowercased()
      guard rest.first == "=" else {
        if name.isEmpty { continue }
        throw Malformed(reason: "the parameter \(name) has no value")
      }
      rest.removeFirst()  // the "="
      rest = rest.drop { $0 == " " || $0 == "\t" }
      let parameterValue: String
      if rest.first == "\"" {
        rest.removeFirst()
        guard let end = rest.firstIndex(of: "\"") else {
          throw Malformed(reason: "the quoted value of \(name) is not closed")
        }
        parameterValue = String(rest[..<end])
        rest = rest[rest.index(after: end)...]
        guard Self.trim(Self.take(from: &rest, until: { $0 == ";" })).isEmpty else {
          throw Malformed(reason: "text follows the quoted value of \(name)")
        }
      } else {
        parameterValue = Self.trim(Self.take(from: &rest, until: { $0 == ";" }))
      }
      guard !name.isEmpty else { throw Malformed(reason: "a parameter has no name") }
      guard parameters.updateValue(parameterValue, forKey: name) == nil else {
        throw Malformed(reason: "the parameter \(name) appears more than once")
      }
    }
    self.parameters = parameters
  }

  /// Removes and returns the characters before the first one that `isDelimiter`, leaving
  /// the delimiter at the front of `rest`.
  private static func take(from rest: inout Substring, until isDelimiter: (Character) -> Bool)
    -> Substring
  {
    let end = rest.firstIndex(where: isDelimiter) ?? rest.endIndex
    defer { rest = rest[end...] }
    return rest[..<end]
  }

  private static func trim(_ text: Substring) -> String {
    text.trimmingCharacters(in: .whitespaces)
  }
}
