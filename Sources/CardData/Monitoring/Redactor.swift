import Foundation

/// Hides secrets before anything is logged: credential headers, and token and password
/// fields in JSON or form-like bodies, wherever they are nested.
public struct Redactor: Hashable, Sendable {
  /// What replaces a secret.
  public static let mask = "<redacted>"

  /// Header names (any case) whose values are hidden.
  public var sensitiveHeaders: Set<String>
  /// Body field names (any case) whose values are hidden.
  public var sensitiveFields: Set<String>

  /// Creates a redactor; by default it hides `Authorization`, `Proxy-Authorization`,
  /// `Cookie` and `Set-Cookie`, and the fields `accessToken`, `refreshToken`, `password`,
  /// and the OAuth spellings `access_token`, `refresh_token` and `token`.
  public init(
    sensitiveHeaders: Set<String> = [
      "authorization", "proxy-authorization", "cookie", "set-cookie",
    ],
    sensitiveFields: Set<String> = [
      "accesstoken", "refreshtoken", "password", "access_token", "refresh_token", "token",
    ]
  ) {
    self.sensitiveHeaders = Set(sensitiveHeaders.map { $0.lowercased() })
    self.sensitiveFields = Set(sensitiveFields.map { $0.lowercased() })
  }

  /// The header's value, hidden when the header is sensitive (an auth scheme such as
  /// `Bearer` is kept).
  public func redact(headerValue value: String, name: String) -> String {
    guard sensitiveHeaders.contains(name.lowercased()) else { return value }
    let parts = value.split(separator: " ", maxSplits: 1)
    if parts.count == 2, ["bearer", "basic"].contains(parts[0].lowercased()) {
      return "\(parts[0]) \(Self.mask)"
    }
    return Self.mask
  }

  /// The URL with the values of sensitive query items hidden, such as `?token=<redacted>`.
  public func redact(url: URL) -> String {
    let text = url.absoluteString
    guard let query = url.query(percentEncoded: true), !query.isEmpty else { return text }
    let redacted = query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2,
        let name = String(parts[0]).removingPercentEncoding?.lowercased(),
        sensitiveFields.contains(name)
      else { return String(pair) }
      return "\(parts[0])=\(Self.mask)"
    }
    return text.replacingOccurrences(of: "?" + query, with: "?" + redacted.joined(separator: "&"))
  }

  /// The body as text with every sensitive field hidden. JSON is redacted structurally;
  /// other text by pattern; bytes that are not UTF-8 are summarised by size.
  public func redact(body: Data) -> String {
    if body.isEmpty { return "" }
    if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
      let redacted = try? JSONSerialization.data(
        withJSONObject: redact(json: object),
        options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
    {
      return String(decoding: redacted, as: UTF8.self)
    }
    guard let text = String(data: body, encoding: .utf8) else {
      return "<\(body.count) bytes of binary data>"
    }
    return redact(text: text)
  }

  /// The text with the value after any sensitive field name hidden, in the shapes
  /// `name=value`, `name: value` and `"name": "value"`. A quoted value is hidden up to its
  /// closing quote (spaces, separators and escaped quotes included) or the end of the text.
  public func redact(text: String) -> String {
    var result = text
    for field in sensitiveFields {
      // The field name, quoted or not, and its separator: `password=`, `"password": `.
      let name = #""?"# + NSRegularExpression.escapedPattern(for: field) + #""?\s*[:=]\s*"#
      // A quoted value runs to its closing unescaped quote, or to the end of a cut-off text.
      let quoted = "(" + name + #"")(?:[^"\\]|\\.)*("|$)"#
      // An unquoted value runs to the next separator or the end of the line, spaces included,
      // so that `password: two words` hides both words.
      let unquoted = "(" + name + #")[^"&,;}\r\n]*[^"&,;}\s]"#
      result = Self.replace(quoted, in: result, with: "$1\(Self.mask)$2")
      result = Self.replace(unquoted, in: result, with: "$1\(Self.mask)")
    }
    return result
  }

  private static func replace(_ pattern: String, in text: String, with template: String) -> String {
    guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    else { return text }
    let range = NSRange(text.startIndex..., in: text)
    return regex.stringByReplacingMatches(in: text, range: range, withTemplate: template)
  }

  private func redact(json: Any) -> Any {
    switch json {
    case let object as [String: Any]:
      var redacted: [String: Any] = [:]
      for (key, value) in object {
        redacted[key] = sensitiveFields.contains(key.lowercased()) ? Self.mask : redact(json: value)
      }
      return redacted
    case let array as [Any]:
      return array.map(redact(json:))
    default:
      return json
    }
  }
}
