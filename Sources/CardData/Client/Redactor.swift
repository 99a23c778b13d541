import CardDomain
import Foundation

/// Hides secrets before anything is logged: credential headers, token and password fields in
/// JSON or form-like bodies, wherever they are nested, and the session's own tokens in any
/// text (``KnownTokens``).
public struct Redactor: Sendable {
  package static let mask = "<redacted>"
  public static let standard = Redactor()

  /// Header and body field names, lowercased, whose values are hidden.
  package let sensitiveHeaders: Set<String>
  package let sensitiveFields: Set<String>
  /// The session's tokens, hidden in any text whatever field holds them.
  let knownTokens: KnownTokens?
  /// The text patterns for ``sensitiveFields``, compiled once.
  private let textPatterns: [TextPattern]

  /// By default it hides the credential and cookie headers, and the fields `accessToken`,
  /// `refreshToken`, `password` and the OAuth spellings `access_token`, `refresh_token`,
  /// `token`; names match in any case.
  public init(
    sensitiveHeaders: Set<String> = [
      "authorization", "proxy-authorization", "cookie", "set-cookie",
    ],
    sensitiveFields: Set<String> = [
      "accesstoken", "refreshtoken", "password", "access_token", "refresh_token", "token",
    ],
    knownTokens: KnownTokens? = nil
  ) {
    self.knownTokens = knownTokens
    self.sensitiveHeaders = Set(sensitiveHeaders.map { $0.lowercased() })
    self.sensitiveFields = Set(sensitiveFields.map { $0.lowercased() })
    textPatterns = self.sensitiveFields.sorted().flatMap(Self.patterns(hiding:))
  }

  /// The header's value, hidden when the header is sensitive (an auth scheme such as
  /// `Bearer` is kept).
  package func redact(headerValue value: String, name: String) -> String {
    guard sensitiveHeaders.contains(name.lowercased()) else { return value }
    let parts = value.split(separator: " ", maxSplits: 1)
    if parts.count == 2, ["bearer", "basic"].contains(parts[0].lowercased()) {
      return "\(parts[0]) \(Self.mask)"
    }
    return Self.mask
  }

  /// The URL with the values of sensitive query items and any password hidden, such as
  /// `?token=<redacted>` and `https://user:<redacted>@host/`.
  package func redact(url: URL) -> String {
    var text = url.absoluteString
    if let password = url.password(percentEncoded: true) {
      text = text.replacingOccurrences(of: ":\(password)@", with: ":\(Self.mask)@")
    }
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
  package func redact(body: Data) -> String {
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
  package func redact(text: String) -> String {
    textPatterns.reduce(text) { text, pattern in
      pattern.regex.stringByReplacingMatches(
        in: text, range: NSRange(text.startIndex..., in: text), withTemplate: pattern.template)
    }
  }

  /// The text with the session's tokens hidden, whatever surrounds them: a server may echo
  /// them in any message.
  func redact(knownTokensIn text: String) -> String {
    knownTokens?.redact(text) ?? text
  }

  /// The error with the session's tokens hidden from every message a server or a transport
  /// wrote.
  func redact(_ error: CardError) -> CardError {
    guard let knownTokens else { return error }
    switch error {
    case .requestErr(let message, let status):
      return .requestErr(message: knownTokens.redact(message), status: status)
    case .pathErr(let reason): return .pathErr(reason: knownTokens.redact(reason))
    case .serverErr(let status, let message):
      return .serverErr(status: status, message: message.map(knownTokens.redact))
    case .networkFail(let reason): return .networkFail(reason: knownTokens.redact(reason))
    case .sessionExpired(let reason): return .sessionExpired(reason: knownTokens.redact(reason))
    case .credentialStorage(let reason):
      return .credentialStorage(reason: knownTokens.redact(reason))
    case .signedOut, .invalidInput, .cancelled: return error
    }
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

extension Redactor {
  /// The patterns that hide the value after `field`, compiled, each with its template.
  fileprivate static func patterns(hiding field: String) -> [TextPattern] {
    // The field name, quoted or not, and its separator: `password=`, `"password": `.
    let name = #""?"# + NSRegularExpression.escapedPattern(for: field) + #""?\s*[:=]\s*"#
    // A quoted value runs to its closing unescaped quote, or to the end of a cut-off text.
    let quoted = "(" + name + #"")(?:[^"\\]|\\.)*("|$)"#
    // An unquoted value runs to the next separator or the end of the line, spaces included,
    // so that `password: two words` hides both words.
    let unquoted = "(" + name + #")[^"&,;}\r\n]*[^"&,;}\s]"#
    return [(quoted, "$1\(mask)$2"), (unquoted, "$1\(mask)")].compactMap { pattern, template in
      (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])).map {
        ($0, template)
      }
    }
  }
}

private typealias TextPattern = (regex: NSRegularExpression, template: String)
