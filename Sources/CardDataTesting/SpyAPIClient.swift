import CardData
import CardDomain
import CardPrimitives
import CardTestingPrimitives

/// A fake of the ``CardData/APIClient`` port: it records every endpoint sent and judges a
/// reply the test chooses with the endpoint's own decoding, so a repository test checks
/// both what was asked and how the answer is mapped, without the pipeline.
///
/// ```swift
/// let client = SpyAPIClient()  // answers every endpoint with its sample reply
/// let cards = try await RemoteCardRepository(client: client).cards()
/// #expect(client.sent.map(\.name) == ["cardList"])
/// ```
package final class SpyAPIClient: APIClient {
  /// `path` is percent-encoded; `query` is as typed.
  package struct Sent: Hashable, Sendable {
    package let name: String
    package let method: HTTPMethod
    package let path: String
    package let query: [QueryItem]
    package let authorization: Authorization
  }

  private let sentEndpoints = Protected<[Sent]>([])
  private let reply: @Sendable (Sent) -> StubReply?

  /// Where `reply` gives `nil` (by default, always), the endpoint's sample reply.
  package init(reply: @escaping @Sendable (Sent) -> StubReply? = { _ in nil }) {
    self.reply = reply
  }

  package var sent: [Sent] { sentEndpoints.withLock { $0 } }

  package func send<Response>(_ endpoint: Endpoint<Response>) async throws(CardError) -> Response {
    let sent = Sent(
      name: endpoint.name, method: endpoint.method, path: endpoint.path.percentEncoded,
      query: endpoint.query, authorization: endpoint.authorization)
    sentEndpoints.withLock { $0.append(sent) }
    switch reply(sent) ?? .response(endpoint.sampleResponse) {
    case .response(let response): return try endpoint.decode(response).get()
    case .failure(let error): throw CardError(noResponse: error)
    case .hold:
      do { try await Gate().wait() } catch { throw .cancelled }
      throw .cancelled
    }
  }
}
