// A sample quoted in README.md ("Reuse"); DocumentationTests
// checks that the README still quotes it word for word.
import CardDataTesting
import CardDomain
import Testing

@Test func theListSurvivesOneServerError() async throws {
  let backend = SandboxBackend()  // the seed users demo/demo and guest/guest
  _ = try await SignInUseCase(repository: backend.auth).execute(userID: "demo", password: "demo")
  try await backend.failNext(status: 503, count: 1)  // as `sandbox fail 503 1`
  let cards = try await ListCardsUseCase(repository: backend.cards).execute()  // GET is retried
  #expect(cards.map(\.id.rawValue) == ["c1", "c2"])
  #expect(backend.sleeper.delays.count == 1)  // the retry's delay, recorded, not waited
}
