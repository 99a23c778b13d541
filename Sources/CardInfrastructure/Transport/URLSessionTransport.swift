import CardData
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The ``CardData/HTTPTransport`` that sends requests through its own `URLSession`.
///
/// Every status code comes back as an ``CardData/HTTPResponse``; only a request that got no
/// HTTP response throws. `.file` bodies are streamed from disk. Redirects to another origin
/// lose their `Authorization` and `Cookie` headers, and redirects that would have to send a
/// body again are not followed: their 3xx response is returned. The FoundationNetworking
/// quirks it works around are listed in docs/url-session-transport.md.
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let requestTimeoutInterval: TimeInterval
  private let resourceTimeout: Duration

  public init(configuration: Configuration = Configuration()) {
    requestTimeoutInterval = configuration.urlRequestTimeoutInterval
    resourceTimeout = configuration.resourceTimeout
    session = URLSession(
      configuration: configuration.makeSessionConfiguration(),
      delegate: RedirectDelegate(),
      delegateQueue: nil
    )
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Cancelling the calling `Task` cancels the `URLSession` task and throws
  /// ``CardData/TransportError/Kind/cancelled``; an exchange still running after the resource
  /// timeout is cancelled and throws ``CardData/TransportError/Kind/timedOut``.
  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    let outgoing = try OutgoingRequest(request, timeoutInterval: requestTimeoutInterval)
    let (data, response): (Data, URLResponse)
    do {
      (data, response) = try await exchange(outgoing)
    } catch {
      throw TransportError(
        urlSessionError: error, request: outgoing.urlRequest, taskIsCancelled: Task.isCancelled)
    }
    return try HTTPResponse(response, body: data)
  }

  /// Races the `URLSession` call against a timer of ``resourceTimeout``, because
  /// FoundationNetworking ignores `timeoutIntervalForResource`.
  private func exchange(_ outgoing: OutgoingRequest) async throws -> (Data, URLResponse) {
    let session = session
    let timeout = resourceTimeout
    return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
      group.addTask {
        if let file = outgoing.uploadFile {
          return try await session.upload(for: outgoing.urlRequest, fromFile: file)
        }
        return try await session.data(for: outgoing.urlRequest)
      }
      group.addTask {
        try await Task.sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let result = first else {
        let server = FailedRequest.server(of: outgoing.urlRequest.url)
        throw TransportError(
          .timedOut,
          "no complete response from \(server) within \(timeout.timeInterval.spokenDuration)"
            + " (the resource timeout)")
      }
      return result
    }
  }
}
