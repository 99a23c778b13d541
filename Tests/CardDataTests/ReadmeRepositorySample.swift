// A sample quoted in README.md ("Reuse"); DocumentationTests
// checks that the README still quotes it word for word.
import CardData
import CardDataTesting
import CardDomain
import Testing

@Test func aMissingCardIsARequestError() async {
  let client = SpyAPIClient { _ in .envelope(status: 404, message: "card c9 not found") }
  await #expect(throws: CardError.requestErr(message: "card c9 not found", status: 404)) {
    try await RemoteCardRepository(client: client).card(id: CardID("c9"))
  }
  #expect(client.sent.map(\.path) == ["/card/c9"])
}
