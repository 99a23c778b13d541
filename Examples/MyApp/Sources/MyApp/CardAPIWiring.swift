import CardData
import CardDomain
import CardInfrastructure
import Foundation

func makeCardAPI(server: URL, sessionDirectory: URL) throws -> CardAPI {
  let store = try EncryptedFileCredentialStore(configuration: .init(directory: sessionDirectory))
  return CardAPI(
    baseURL: server, transport: URLSessionTransport(), store: store, deadline: CallDeadline())
}

func signInAndListCards(with api: CardAPI) async throws -> [Card] {
  _ = try await SignInUseCase(repository: api.auth).execute(userID: "demo", password: "demo")
  return try await ListCardsUseCase(repository: api.cards).execute()
}
