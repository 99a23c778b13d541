import CardPrimitives
import Foundation

/// Writes a readable log line for every call and every attempt, with every secret redacted:
/// the `Authorization` header, token and password fields in bodies, the contents of multipart
/// file parts (only their name, type and size are shown), and the session's own tokens
/// wherever they appear (``KnownTokens``). Every control character in what a line quotes is
/// escaped, the newline too, so that each line is one line and safe to print on a terminal.
///
/// A log sits at two places in the chain, since what a middleware sees depends on its place:
/// first (``Place/call``), where it sees the call once, from what was asked to how it ended
/// after every retry; and last (``Place/attempt``), where it sees each attempt as sent, with
/// its credential, and what came back.
public struct RequestLog: ClientMiddleware {
  public enum Place: Hashable, Sendable {
    /// `-> GET …` and the body before the call, `== status 200, 1 attempt, …` after it.
    case call
    /// `~~ retrying …` before an attempt after the first, the attempt's headers, then
    /// `<- 200 …` and the body, or `<- no response …`.
    case attempt
  }

  private let place: Place
  private let redactor: Redactor
  private let maximumBodyLength: Int
  private let isEnabled: @Sendable () -> Bool
  private let write: @Sendable (String) -> Void

  /// Bodies longer than `maximumBodyLength` are cut, saying how many characters were left
  /// out; `write` receives each line without a newline. While `isEnabled` says no, no line is
  /// formatted at all: redacting a body costs more than decoding it.
  public init(
    _ place: Place,
    redactor: Redactor = Redactor(),
    maximumBodyLength: Int = 2_000,
    isEnabled: @escaping @Sendable () -> Bool = { true },
    write: @escaping @Sendable (String) -> Void
  ) {
    self.place = place
    self.redactor = redactor
    self.maximumBodyLength = maximumBodyLength
    self.isEnabled = isEnabled
    self.write = write
  }

  /// The same log at another place.
  public func at(_ place: Place) -> RequestLog {
    RequestLog(
      place, redactor: redactor, maximumBodyLength: maximumBodyLength, isEnabled: isEnabled,
      write: write)
  }

  public func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    guard isEnabled() else { return try await next(request) }
    let started = ContinuousClock.now
    switch place {
    case .call:
      log(context, "-> \(request.method) \(redactor.redact(url: request.url))")
      switch context.body {
      case .empty: break
      case .json(let data): log(context, "   body: \(shown(data))")
      case .multipart(let parts):
        for part in parts { log(context, "   part \(describe(part))") }
      }
      do {
        let response = try await next(request)
        logEnd(of: context, "status \(response.status)", after: .now - started)
        return response
      } catch {
        logEnd(of: context, "failed: \(error.cardError)", after: .now - started)
        throw error
      }
    case .attempt:
      if context.attempt > 1, let retry = context.retries.last {
        log(context, "~~ retrying (\(retry.reason)) in \(Self.format(retry.delay))")
      }
      let headers = request.headers.map {
        "\($0.name): \(redactor.redact(headerValue: $0.value, name: $0.name))"
      }
      log(context, "   attempt \(context.attempt) headers: \(headers.joined(separator: "; "))")
      do {
        let response = try await next(request)
        let elapsed = Self.format(.now - started)
        log(context, "<- \(response.status) in \(elapsed), \(response.body.count) bytes")
        if !response.body.isEmpty { log(context, "   body: \(shown(response.body))") }
        return response
      } catch {
        if case .transport(let failure) = error {
          let elapsed = Self.format(.now - started)
          log(context, "<- no response after \(elapsed): \(failure.kind.rawValue): \(failure)")
        }
        throw error
      }
    }
  }

  private func logEnd(of context: RequestContext, _ outcome: String, after duration: Duration) {
    let attempts = context.attempts == 1 ? "1 attempt" : "\(context.attempts) attempts"
    log(
      context,
      "== \(outcome), \(attempts), \(Self.format(duration)), "
        + "sent \(context.bytesSent) bytes, received \(context.bytesReceived) bytes")
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
