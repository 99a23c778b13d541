/// A request with what can be known of it without the state: its route and, for
/// `POST /card`, its form read and checked. The sandbox prepares a request before it takes
/// the state, so that reading a large body keeps no other request waiting; the answer keeps
/// the order of the refusals, so a request without a valid token is still `401` whatever its
/// body.
struct PreparedRequest: Sendable {
  let request: SandboxRequest
  let route: Result<Route, APIError>
  /// The card's content, or why the form is refused; `nil` for every other route.
  let form: Result<CardContent, APIError>?

  init(_ request: SandboxRequest) {
    self.request = request
    route = Result { () throws(APIError) in try Route(of: request) }
    if case .success(.createCard) = route {
      form = Result { () throws(APIError) in try CardForm.content(of: request) }
    } else {
      form = nil
    }
  }
}
