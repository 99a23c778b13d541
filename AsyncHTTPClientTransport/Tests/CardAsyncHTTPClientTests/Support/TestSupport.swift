import CardAsyncHTTPClient
import CardData

/// The transport error `send` threw, or `nil` when it returned a response.
func transportError(
  sending request: HTTPRequest, through transport: AsyncHTTPClientTransport
) async -> TransportError? {
  do {
    _ = try await transport.send(request)
    return nil
  } catch {
    return error
  }
}
