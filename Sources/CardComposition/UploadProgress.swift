import CardData
import CardREPL

/// Hands the transport's upload progress to the REPL's bar: the REPL's port is all it knows of
/// the REPL, and the bar's report returns at once, as the transport's thread needs. A retried
/// attempt reports again from its first bytes.
struct UploadProgress: ClientMiddleware {
  let bar: UploadProgressBar

  func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    guard request.body != .empty else { return try await next(request) }
    var request = request
    request.uploadProgress = UploadProgressSink { [bar] sent, total in
      bar.report(sent: sent, of: total)
    }
    return try await next(request)
  }
}
