import CardData
import CardDataTesting
import CardDomain
import CardTestingPrimitives
import Foundation
import Testing

@Suite("Remote card repository", .timeLimit(.minutes(1)))
struct RemoteCardRepositoryTests {
  typealias H = RepositoryHarness

  @Test func listsCardsWithTheBearerToken() async throws {
    let harness = H(credential: H.credential())
    await harness.transport.stub(Endpoint.cardList)
    let cards = try await harness.cards.cards()
    #expect(cards.map(\.id.rawValue) == ["c1", "c2"])
    let sent = try #require(await harness.transport.received.first)
    #expect(sent.request.headers["Authorization"] == "Bearer access-0")
    #expect(sent.request.url.absoluteString == "https://cards.test/api/cards")
  }

  @Test func fetchesOneCardAndMapsItsFields() async throws {
    let harness = H(credential: H.credential())
    let id = try CardID("c1")
    await harness.transport.stub(
      Endpoint.cardDetailFetch(id), with: [H.envelope(data: H.cardJSON)])
    let card = try await harness.cards.card(id: id)
    #expect(card.name == "Kim Minji")
    #expect(card.mbti == (try MBTI("INFP")))
    #expect(card.birthday == (try Birthday("1999-03-02")))
    #expect(card.tmis.lines == ["likes coffee"])
  }

  @Test func aMissingCardIsRejectedWithTheServersMessage() async throws {
    let harness = H(credential: H.credential())
    let id = try CardID("c9")
    await harness.transport.stub(
      Endpoint.cardDetailFetch(id), with: [.envelope(status: 404, message: "card c9 not found")])
    await #expect(throws: CardError.requestErr(message: "card c9 not found", status: 404)) {
      try await harness.cards.card(id: id)
    }
  }

  @Test func aBodyOfSpacesIsBlankNotEmpty() async throws {
    let harness = H(credential: H.credential())
    let spaces = String(repeating: " ", count: 1 << 20)
    await harness.transport.stub(
      Endpoint.cardList, with: [.raw(status: 200, body: spaces, contentType: "application/json")])
    let reason = "status 200: the body is not the envelope: a blank body of 1048576 bytes"
    await #expect(throws: CardError.pathErr(reason: reason)) {
      try await harness.cards.cards()
    }
  }

  @Test func anHTMLErrorPageIsAServerFailureAfterTheRetries() async throws {
    let harness = H(credential: H.credential())
    await harness.transport.stub(
      Endpoint.cardList, with: [.raw(status: 502, body: "<html>Bad Gateway</html>")])
    await #expect(throws: CardError.serverErr(status: 502, message: nil)) {
      try await harness.cards.cards()
    }
    #expect(await harness.transport.received.count == 3, "GET is retried twice")
    #expect(harness.sleeper.delays == [.milliseconds(500), .seconds(1)])
  }

  @Test func aReplyThatBreaksTheContractIsAContractMismatch() async throws {
    let harness = H(credential: H.credential())
    let id = try CardID("c1")
    await harness.transport.stub(
      Endpoint.cardDetailFetch(id),
      with: [H.envelope(data: #"{"cardId":"c1","userId":"demo","name":"K","defaultImage":9}"#)])
    let error = await #expect(throws: CardError.self) {
      try await harness.cards.card(id: id)
    }
    guard case .pathErr(let reason) = error else {
      Issue.record("expected a contract mismatch, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("defaultImage"))
  }

  @Test func offlineIsANetworkFailure() async throws {
    let harness = H(credential: H.credential())
    await harness.transport.stub(
      Endpoint.cardList, with: [.failure(TransportError(.cannotConnect, "could not connect"))])
    await #expect(throws: CardError.networkFail(reason: "could not connect")) {
      try await harness.cards.cards()
    }
  }

  @Test func createSendsTheDraftAsMultipartWithTheImageStreamedFromItsOwnFile() async throws {
    let directory = try TemporaryDirectory()
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("pixels".utf8)
    let imageURL = try directory.write(png, to: "photo.png")

    let harness = H(credential: H.credential())
    let image = CardImage(
      source: .file(imageURL, byteCount: Int64(png.count)), mimeType: .png, filename: "photo.png")
    let draft = CardDraft(name: "Kim Minji", image: image)
    await harness.transport.stub(
      Endpoint.cardCreation(draft), with: [H.envelope(status: 201, data: H.cardJSON)])
    let card = try await harness.cards.create(draft)

    #expect(card.id.rawValue == "c1")
    let sent = try #require(await harness.transport.received.first)
    let body = String(decoding: sent.body, as: UTF8.self)
    #expect(
      sent.request.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
    #expect(body.contains(#"name="card.name""#) && body.contains("Kim Minji"))
    #expect(body.contains(#"name="image"; filename="photo.png""#) && body.contains("pixels"))
    #expect(sent.request.body.fileURLs == [imageURL], "the image streams from its own file")
    #expect(try directory.entries() == ["photo.png"], "no copy of it is made")
    #expect(!harness.log.lines.joined().contains("pixels"), "file contents are never logged")
  }

  @Test func reorderSendsTheCompleteOrderAndIsNotRetriedAsPOST() async throws {
    let harness = H(credential: H.credential())
    let order = [try CardID("c2"), try CardID("c1")]
    await harness.transport.stub(Endpoint.cardListEdit(order))
    let cards = try await harness.cards.reorder(order)
    #expect(cards.map(\.id.rawValue) == ["c2", "c1"])
    let sent = try #require(await harness.transport.received.first)
    #expect(String(decoding: sent.body, as: UTF8.self) == #"{"cardIds":["c2","c1"]}"#)
  }

  @Test func deleteAcceptsANullPayload() async throws {
    let harness = H(credential: H.credential())
    let id = try CardID("c2")
    await harness.transport.stub(Endpoint.cardDelete(id))
    try await harness.cards.delete(id: id)
    #expect(await harness.transport.received.first?.request.method == .delete)
  }

  @Test func withNoSessionNothingIsSent() async throws {
    let harness = H()
    await #expect(throws: CardError.signedOut) { try await harness.cards.cards() }
    #expect(await harness.transport.received.isEmpty)
  }

  @Test func aTamperedStoreIsReportedNotTakenAsSignedOut() async throws {
    let harness = H(credential: H.credential())
    await harness.store.makeUnreadable(
      CredentialStoreError(.corrupted, "the sealed file fails authentication"))
    await #expect(
      throws: CardError.credentialStorage(reason: "the sealed file fails authentication")
    ) {
      try await harness.cards.cards()
    }
  }

  @Test func cancellingTheTaskCancelsTheRequest() async throws {
    let harness = H(credential: H.credential())
    await harness.transport.stub(Endpoint.cardList, with: [.hold])
    let task = Task { try await harness.cards.cards() }
    try await harness.transport.waitUntilReceived(1)
    task.cancel()
    await #expect(throws: CardError.cancelled) { try await task.value }
    #expect(await harness.transport.received.count == 1, "a cancelled request is not retried")
  }
}
