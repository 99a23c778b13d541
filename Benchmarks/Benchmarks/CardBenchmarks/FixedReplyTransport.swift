import CardData
import Foundation

/// A transport that answers every request with the same `200` reply at once, so that a
/// benchmark counts the client's work and none of a network's.
struct FixedReplyTransport: HTTPTransport {
  private let response: HTTPResponse

  init(body: Data) {
    response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
  }

  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse { response }
}
