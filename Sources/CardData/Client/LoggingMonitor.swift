import CardPrimitives
import Foundation

/// Writes a readable log line for every request event, with every secret redacted: the
/// `Authorization` header, token and password fields in bodies, the contents of multipart
/// file parts (only their name, type and size are shown), and the session's own tokens
/// wherever they appear (``KnownTokens``). Every control character in what a line quotes is
/// escaped, the newline too, so that each line is one line and safe to print on a terminal.
public struct LoggingMonitor: EventMonitor {
  private let redactor: Redactor
  private let maximumBodyLength: Int
  private let isEnabled: @Sendable () -> Bool
  private let write: @Sendable (String) -> Void

  /// Bodies longer than `maximumBodyLength` are cut, saying how many characters were left
  /// out; `write` receives each line without a newline. While `isEnabled` says no, no line is
  /// formatted at all: redacting a body costs more than decoding it.
  public init(
    redactor: Redactor = Redactor(),
    maximumBodyLength: Int = 2_000,
    isEnabled: @escaping @Sendable () -> Bool = { true },
    write: @escaping @Sendable (String) -> Void
  ) {
    self.redactor = redactor
    self.maximumBodyLength = maximumBodyLength
    self.isEnabled = isEnabled
    self.write = write
  }

  public func requestBuilt(
    _ request: HTTPRequest, body: RequestBodySummary, context: RequestContext
  ) {
    guard isEnabled() else { return }
    log(context, "-> \(request.method) \(redactor.redact(url: request.url))")
    switch body {
    case .empty: break
    case .json(let data): log(context, "   body: \(shown(data))")
    case .multipart(let parts):
      for part in parts { log(context, "   part \(describe(part))") }
    }
  }

  public func requestSent(_ request: HTTPRequest, context: RequestContext) {
    guard isEnabled() else { return }
    let headers = request.headers.map {
      "\($0.name): \(redactor.redact(headerValue: $0.value, name: $0.name))"
    }
    log(context, "   attempt \(context.attempt) headers: \(headers.joined(separator: "; "))")
  }

  public func responseReceived(
    _ response: HTTPResponse, after elapsed: Duration, context: RequestContext
  ) {
    guard isEnabled() else { return }
    log(context, "<- \(response.status) in \(Self.format(elapsed)), \(response.body.count) bytes")
    if !response.body.isEmpty {
      log(context, "   body: \(shown(response.body))")
    }
  }

  public func requestFailed(
    _ error: TransportError, after elapsed: Duration, context: RequestContext
  ) {
    guard isEnabled() else { return }
    log(context, "<- no response after \(Self.format(elapsed)): \(error.kind.rawValue): \(error)")
  }

  public func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext) {
    guard isEnabled() else { return }
    log(context, "~~ retrying (\(reason)) in \(Self.format(delay))")
  }

  public func requestFinished(_ metrics: RequestMetrics) {
    guard isEnabled() else { return }
    let outcome =
      switch metrics.outcome {
      case .response(let status): "status \(status)"
      case .failure(let error): "failed: \(error)"
      }
    let attempts = metrics.attempts == 1 ? "1 attempt" : "\(metrics.attempts) attempts"
    log(
      metrics.context,
      "== \(outcome), \(attempts), \(Self.format(metrics.duration)), "
        + "sent \(metrics.bytesSent) bytes, received \(metrics.bytesReceived) bytes")
  }

  /// Bodies, URLs, header values, part names and texts, and error messages come from servers
  /// and users: every control character in them, the newline included, is escaped
  /// (``TerminalText/safeLine(_:)``), so that none can rewrite the terminal or forge a line.
  private func log(_ context: RequestContext, _ message: String) {
    write(
      TerminalText.safeLine(
        redactor.redact(knownTokensIn: "[#\(context.id) \(context.endpointName)] \(message)")))
  }

  private func describe(_ part: RequestBodySummary.Part) -> String {
    let size = part.byteCount.map { "\($0) bytes" } ?? "size unknown"
    if let filename = part.filename {
      let type = part.contentType ?? "no type"
      return "\(part.name): file \"\(filename)\" (\(type), \(size), contents not logged)"
    }
    guard let text = part.text else { return "\(part.name): <\(size)>" }
    let shown = redactor.sensitiveFields.contains(part.name.lowercased()) ? Redactor.mask : text
    return "\(part.name) = \(clip(shown))"
  }

  /// A large body is shown by its first bytes, redacted by pattern: parsing megabytes of JSON
  /// to log a few thousand characters would take longer than the body took to arrive.
  private func shown(_ body: Data) -> String {
    guard body.count > 64 << 10 else { return clip(redactor.redact(body: body)) }
    let head = String(decoding: body.prefix(4 * maximumBodyLength), as: UTF8.self)
    return "\(redactor.redact(text: head).prefix(maximumBodyLength))… (\(body.count) bytes in all)"
  }

  private func clip(_ text: String) -> String {
    guard text.count > maximumBodyLength else { return text }
    return "\(text.prefix(maximumBodyLength))… (\(text.count - maximumBodyLength) more characters)"
  }

  static func format(_ duration: Duration) -> String {
    let milliseconds = duration.timeInterval * 1_000
    return milliseconds < 10
      ? String(format: "%.1f ms", milliseconds) : String(format: "%.0f ms", milliseconds)
  }
}
