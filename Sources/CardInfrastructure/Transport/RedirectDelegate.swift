import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session delegate of ``URLSessionTransport``: applies ``RedirectPolicy`` to every
/// redirect the session is about to follow.
final class RedirectDelegate: NSObject, URLSessionTaskDelegate, Sendable {
  /// Answers with the request ``RedirectPolicy`` allows, or `nil` to stop at the redirect.
  func urlSession(
    _ session: URLSession,
    task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(RedirectPolicy.request(following: request, from: task.originalRequest))
  }
}
