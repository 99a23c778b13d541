import CardData
import CardREPL
import Foundation

// What the REPL hangs on the client's middleware chain (``CardData/CardAPI``'s `middleware`):
// the notes it prints after a command and the upload's progress bar. The REPL's ports
// (``CardREPL/SessionNotes``, ``CardREPL/UploadProgressBar``) are all they know of the REPL.

/// Posts ``CardREPL/SessionNote/accessTokenRefreshed`` when a token refresh succeeds.
struct RefreshNotice: ClientMiddleware {
  let notes: SessionNotes

  func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    let response = try await next(request)
    // `refresh` is the contract's name of the operation, which endpoints report as theirs.
    if context.endpointName == "refresh", (200..<300).contains(response.status) {
      notes.post(.accessTokenRefreshed)
    }
    return response
  }
}

/// Posts, once a call ends, each retry of a transient failure it made and how many attempts
/// it took. A retry after a refreshed token is the refresh note's, not this one's.
struct RetryNotes: ClientMiddleware {
  let notes: SessionNotes
  /// The retry policy's limit, for "(1 of 2)".
  let limit: Int
  let redactor: Redactor

  func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    defer { post(about: request, context: context) }
    return try await next(request)
  }

  private func post(about request: HTTPRequest, context: RequestContext) {
    var retried = 0
    for retry in context.retries where retry.reason == .transientFailure {
      retried += 1
      let cause =
        switch retry.cause {
        case .status(let status): "answered \(status)"
        case .noResponse(let error): "failed (\(redactor.redact(text: error.message)))"
        case nil: ""
        }
      notes.post(
        .retrying(
          method: request.method.rawValue, path: request.url.path, cause: cause,
          delay: retry.delay, retry: retried, limit: limit))
    }
    if retried > 0 { notes.post(.finishedAfter(attempts: context.attempts)) }
  }
}

/// Hands the transport's upload progress to the REPL's bar, whose report returns at once, as
/// the transport's thread needs. A retried attempt reports again from its first bytes.
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
