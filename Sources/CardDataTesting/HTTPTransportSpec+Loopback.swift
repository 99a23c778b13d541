import CardData
import LoopbackHTTPTestServer

extension HTTPTransportSpec.Connector {
  /// The spec's server on 127.0.0.1 (`LoopbackHTTPTestServer.LoopbackHTTPServer`), with a
  /// transport that `makeTransport` builds for each check: how a transport over real sockets
  /// runs the spec.
  ///
  /// ```swift
  /// try await check.run(on: .loopback { URLSessionTransport() })
  /// ```
  public static func loopback(
    _ makeTransport: @escaping @Sendable () -> any HTTPTransport
  ) -> Self {
    Self { server in
      let loopback = try LoopbackHTTPServer { request in
        let received = HTTPTransportSpec.ReceivedRequest(
          method: request.method, target: request.target,
          headers: HTTPHeaders(request.headers.map { .init(name: $0.name, value: $0.value) }),
          body: request.body)
        switch server(received) {
        case .response(let response):
          return .respond(
            status: response.status, headers: response.headers.map { ($0.name, $0.value) },
            body: response.body)
        case .hold:
          return .hang
        case .drop:
          return .close
        }
      }
      return .init(transport: makeTransport(), baseURL: loopback.url(), stop: loopback.stop)
    }
  }
}
