import CardData
import CardREPL

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
