import CardData
import CardInfrastructure

/// The app's own transport: an app's place for its tracing or its pinning, here handing each
/// request to `URLSessionTransport`. `HTTPTransportSpec` holds it to the port's contract
/// (MyAppTests).
struct AppTransport: HTTPTransport {
  private let base = URLSessionTransport()

  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    try await base.send(request)
  }
}
