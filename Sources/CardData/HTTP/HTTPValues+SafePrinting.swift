import Foundation

// Printing, interpolating or dumping an HTTP value never shows a secret: monitors and
// debuggers are handed these values, and any of them may print one. Credential headers are
// redacted as the ``Redactor`` does; bodies are summarised by their size.

extension HTTPHeaders.Field: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// `Name: value`, the value redacted when the header carries a credential.
  public var description: String {
    "\(name): \(Redactor.standard.redact(headerValue: value, name: name))"
  }
  /// Same as ``description``.
  public var debugDescription: String { description }
  /// The name and the redacted value.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["name": name, "value": Redactor.standard.redact(headerValue: value, name: name)])
  }
}

extension HTTPHeaders: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The fields as `[Name: value, …]`, credentials redacted.
  public var description: String { "[" + fields.map(\.description).joined(separator: ", ") + "]" }
  /// Same as ``description``.
  public var debugDescription: String { description }
  /// The fields, credentials redacted.
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: fields) }
}

extension HTTPBody: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The kind and size of the body, never its bytes.
  public var description: String {
    switch self {
    case .empty: "<empty body>"
    case .data(let data): "<\(data.count) bytes>"
    case .file(_, let length): "<file of \(length) bytes>"
    }
  }
  /// Same as ``description``.
  public var debugDescription: String { description }
  /// No children: the bytes are not shown.
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `METHOD url headers body`, with credentials and secrets in the query redacted.
  public var description: String {
    "\(method) \(Redactor.standard.redact(url: url)) \(headers) \(body)"
  }
  /// Same as ``description``.
  public var debugDescription: String { description }
  /// The method, redacted URL and headers, and the body's size.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "method": method, "url": Redactor.standard.redact(url: url), "headers": headers,
        "body": body,
      ])
  }
}

extension HTTPResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `status headers body`, credentials redacted and the body summarised by size.
  public var description: String { "\(status) \(headers) <\(body.count) bytes>" }
  /// Same as ``description``.
  public var debugDescription: String { description }
  /// The status, redacted headers and the body's size.
  public var customMirror: Mirror {
    Mirror(self, children: ["status": status, "headers": headers, "bodyBytes": body.count])
  }
}
