// A sample quoted in README.md ("Reuse"); DocumentationTests
// checks that the README still quotes it word for word.
import CardDomain
import CardDomainTesting
import Testing

@Test func anEmptyIDNeverReachesTheRepository() async {
  let repository = SpyCardRepository()
  await #expect(throws: CardError.invalidInput(.emptyCardID)) {
    try await FetchCardDetailUseCase(repository: repository).execute(id: "")
  }
  #expect(repository.calls.isEmpty)
}
