import CardDomain

/// What a repository needs of the network: send an endpoint, get its response or a
/// ``CardDomain/CardError`` that keeps the contract's distinctions.
///
/// ``RequestPipeline`` is the implementation; a repository's tests use a spy of this
/// one-method port instead of the whole pipeline.
public protocol APIClient: Sendable {
  func send<Response>(_ endpoint: Endpoint<Response>) async throws(CardError) -> Response
}
