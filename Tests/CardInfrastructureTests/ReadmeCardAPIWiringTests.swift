import CardData
import CardDomain
import CardTestingPrimitives
import Foundation
import Testing

/// Runs the README's wiring of ``CardData/CardAPI`` to a real server, a verbatim copy of which
/// is `ReadmeCardAPIWiring.swift`, without a network.
@Suite("The README's CardAPI wiring")
struct ReadmeCardAPIWiringTests {
  @Test func theWiredClientStartsSignedOut() async throws {
    let directory = try TemporaryDirectory()
    let api = try makeCardAPI(
      server: URL(string: "http://127.0.0.1:1")!,
      sessionDirectory: directory.url.appendingPathComponent("session"))
    #expect(try await api.auth.currentUser() == nil)
    await #expect(throws: CardError.signedOut) {
      try await ListCardsUseCase(repository: api.cards).execute()
    }
    // Nothing listens on port 1: the login is refused before the list is asked for.
    await #expect {
      try await signInAndListCards(with: api)
    } throws: { error in
      if case .networkFail = error as? CardError { true } else { false }
    }
  }
}
