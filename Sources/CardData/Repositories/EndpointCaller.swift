import CardDomain
import Foundation

/// Sends an endpoint, judges the reply with `judgeStatus` and maps the payload to
/// entities: the path every repository call takes, failures turned into ``CardError``.
struct EndpointCaller: Sendable {
  let client: APIClient

  /// The judged payload of `endpoint`, decoded as `Payload`, mapped by `transform`.
  func call<Payload: Decodable, Result>(
    _ endpoint: some TargetType,
    expecting payload: Payload.Type,
    transform: (Payload) throws(WireMappingError) -> Result
  ) async throws(CardError) -> Result {
    let response: HTTPResponse
    do {
      response = try await client.send(endpoint)
    } catch {
      throw error.cardError
    }
    return try judgeStatus(by: response.status, data: response.body, type: payload)
      .tryMap(transform)
      .get()
  }

  /// Sends an endpoint whose success carries `data: null`.
  func call(_ endpoint: some TargetType) async throws(CardError) {
    try await call(endpoint, expecting: NoPayload.self) { _ in () }
  }
}
