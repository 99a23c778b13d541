import CardData
import CardSandbox
import Foundation

/// The ``CardData/HTTPTransport`` over the in-process ``CardSandbox/CardSandbox``: the same
/// pipeline as with a server, minus the network.
///
/// It reads `.file` bodies (large multipart forms) into memory, since the sandbox takes
/// bytes, and maps the sandbox's "no response" errors to transport errors: offline is a
/// refused connection (so idempotent requests are retried, as they would be), and a
/// cancelled call is a cancellation.
public struct SandboxTransport: HTTPTransport {
  /// Answers one request the way `CardSandbox.handle(_:)` does.
  package typealias Handler =
    @Sendable (SandboxRequest) async throws(SandboxTransportError) -> SandboxResponse

  private let handle: Handler

  /// `http://sandbox.invalid`: the reserved `.invalid` name can never reach a real host, so
  /// a request meant for the sandbox never leaves the process by mistake.
  public static let baseURL = URL(string: "http://sandbox.invalid")!

  /// A transport to `sandbox`.
  public init(sandbox: CardSandbox) {
    self.init { (request) async throws(SandboxTransportError) -> SandboxResponse in
      try await sandbox.handle(request)
    }
  }

  /// A transport to any handler that speaks the sandbox's request and response types, so
  /// that the transport spec can script the server behind it.
  package init(handler: @escaping Handler) { self.handle = handler }

  /// Hands the request to the sandbox and returns its answer.
  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    let sandboxRequest = SandboxRequest(
      method: request.method.rawValue,
      path: Self.target(of: request.url),
      headers: SandboxHeaders(request.headers.map { .init(name: $0.name, value: $0.value) }),
      body: try Self.bytes(of: request.body))
    let response: SandboxResponse
    do {
      response = try await handle(sandboxRequest)
    } catch {
      switch error {
      case .offline: throw TransportError(.cannotConnect, "the sandbox is offline")
      case .cancelled: throw .cancelled
      }
    }
    return HTTPResponse(
      status: response.status,
      headers: HTTPHeaders(response.headers.map { .init(name: $0.name, value: $0.value) }),
      body: response.body)
  }

  /// The request target: the percent-encoded path and the query, if any.
  static func target(of url: URL) -> String {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    let path = components?.percentEncodedPath ?? url.path
    let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
    return (path.isEmpty ? "/" : path) + query
  }

  private static func bytes(of body: HTTPBody) throws(TransportError) -> Data {
    switch body {
    case .empty:
      return Data()
    case .data(let data):
      return data
    case .file(let url, let length):
      let data: Data
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw TransportError(.invalidRequest, "the body file \(url.path) cannot be read")
      }
      guard data.count == length else {
        throw TransportError(
          .invalidRequest,
          "the body file \(url.path) has \(data.count) bytes instead of \(length)")
      }
      return data
    }
  }
}
