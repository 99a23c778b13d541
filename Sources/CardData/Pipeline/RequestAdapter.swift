/// Changes a request before it is sent, such as adding a credential.
///
/// Adapters run in order for every attempt; the first that throws stops the request.
public protocol RequestAdapter: Sendable {
  /// Returns the request to send, or throws to stop it.
  func adapt(_ request: HTTPRequest, context: RequestContext) async throws(PipelineError)
    -> HTTPRequest
}
