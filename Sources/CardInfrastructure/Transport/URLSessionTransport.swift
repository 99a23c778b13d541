import CardData
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The ``CardData/HTTPTransport`` that sends requests through its own `URLSession`.
///
/// Every status code comes back as an ``CardData/HTTPResponse``; only a request that got no
/// HTTP response throws, as a ``CardData/TransportError`` that keeps the platform's reason.
/// `.data` bodies are sent from memory and `.file` bodies are streamed from disk. Redirects
/// to another origin lose their `Authorization` and `Cookie` headers, and redirects that
/// would have to send a body again are not followed: their 3xx response is returned.
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let requestTimeoutInterval: TimeInterval

  /// Creates a transport with its own session, made from `configuration`.
  public init(configuration: Configuration = Configuration()) {
    requestTimeoutInterval = configuration.urlRequestTimeoutInterval
    session = URLSession(
      configuration: configuration.sessionConfiguration,
      delegate: RedirectDelegate(),
      delegateQueue: nil
    )
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Sends the request and returns the server's response, whatever its status.
  ///
  /// Cancelling the calling `Task` cancels the `URLSession` task and throws a
  /// ``CardData/TransportError`` of kind ``CardData/TransportError/Kind/cancelled``.
  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    let outgoing = try OutgoingRequest(request, timeoutInterval: requestTimeoutInterval)
    let data: Data
    let response: URLResponse
    do {
      if let file = outgoing.uploadFile {
        (data, response) = try await session.upload(for: outgoing.urlRequest, fromFile: file)
      } else {
        (data, response) = try await session.data(for: outgoing.urlRequest)
      }
    } catch {
      throw TransportError(urlSessionError: error, taskIsCancelled: Task.isCancelled)
    }
    return try HTTPResponse(response, body: data)
  }
}
