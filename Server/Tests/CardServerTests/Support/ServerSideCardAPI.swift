import CardAsyncHTTPClient
import CardData
import Foundation

/// The README's Reuse sample of a server-side consumer (a Hummingbird app, say): `CardAPI`
/// over the AsyncHTTPClient transport, with the consumer's own credential store. The
/// end-to-end suite signs in and lists the cards through it.
func makeServerSideCardAPI(server: URL, store: any CredentialStore) -> CardAPI {
  CardAPI(
    baseURL: server, transport: AsyncHTTPClientTransport(), store: store,
    deadline: CallDeadline())
}
