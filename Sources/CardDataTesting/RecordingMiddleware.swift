import CardData
import CardPrimitives

/// A middleware that records what passes its place in the chain, in order: each request it
/// hands on, and what came back. Placed first it sees the call once; placed last, every
/// attempt.
package final class RecordingMiddleware: ClientMiddleware {
  package enum Event: Hashable, Sendable {
    case sent(HTTPRequest)
    case received(status: Int)
    case failed(CallFailure)

    /// Such as `sent`, for comparing sequences.
    package var name: String {
      switch self {
      case .sent: "sent"
      case .received: "received"
      case .failed: "failed"
      }
    }
  }

  private let recorded = Protected<[Event]>([])
  private let lastContext = Protected<RequestContext?>(nil)

  package init() {}

  package var events: [Event] { recorded.withLock { $0 } }

  /// The requests handed on, in order.
  package var sentRequests: [HTTPRequest] {
    events.compactMap { if case .sent(let request) = $0 { request } else { nil } }
  }

  /// The context of the newest call seen, for its figures once the call is over.
  package var context: RequestContext? { lastContext.withLock { $0 } }

  package func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    lastContext.withLock { $0 = context }
    recorded.withLock { $0.append(.sent(request)) }
    do {
      let response = try await next(request)
      recorded.withLock { $0.append(.received(status: response.status)) }
      return response
    } catch {
      recorded.withLock { $0.append(.failed(error)) }
      throw error
    }
  }
}
