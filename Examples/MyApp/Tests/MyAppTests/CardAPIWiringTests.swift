import CardData
import CardDomain
import Foundation
import Testing

@testable import MyApp

/// Runs the app's wiring of ``CardData/CardAPI`` to a real server (`CardAPIWiring.swift`,
/// which README.md quotes) without a network.
@Suite("The app's CardAPI wiring")
struct CardAPIWiringTests {
  @Test func theWiredClientStartsSignedOut() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("myapp-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let api = try makeCardAPI(
      server: URL(string: "http://127.0.0.1:1")!,
      sessionDirectory: directory.appendingPathComponent("session"))
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
