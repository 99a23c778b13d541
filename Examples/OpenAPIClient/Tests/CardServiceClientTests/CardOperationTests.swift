import CardServiceClient
import Foundation
import OpenAPIRuntime
import Testing

extension GeneratedClientTests {
  /// `cardList`, `cardListEdit`, `cardDetailFetch`, `cardDelete` and the server errors.
  @Suite("card operations")
  struct CardOperationTests {
    /// The cards envelope, `data` a typed array, in the seed's order.
    @Test func cardListAnswersTheUsersCardsInListOrder() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardList().ok.body.json

      #expect(envelope.success)
      #expect(envelope.data.map(\.cardId) == ["c1", "c2"])
      #expect(envelope.data.first?.imageURL == "/card/c1/image")
      #expect(envelope.data.last?.tmi == ["민트초코 좋아함", "고양이 두 마리와 살아요"])
    }

    @Test func cardListWithoutATokenAnswers401() async throws {
      let server = try await CardServer.reset()

      let envelope = try await server.client().cardList().unauthorized.body.json

      #expect(envelope.status == 401)
    }

    /// `cardListEdit` answers the same envelope type as `cardList`, in the new order.
    @Test func cardListEditAnswersTheCardsInTheNewOrder() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope: Components.Schemas.CardsEnvelope =
        try await client.cardListEdit(body: .json(.init(cardIds: ["c2", "c1"]))).ok.body.json

      #expect(envelope.data.map(\.cardId) == ["c2", "c1"])
      #expect(try await client.cardList().ok.body.json.data.map(\.cardId) == ["c2", "c1"])
    }

    @Test func cardListEditWithoutAnOwnedIdAnswers400NamingIt() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardListEdit(body: .json(.init(cardIds: ["c1"])))
        .badRequest.body.json

      #expect(envelope.message.contains("c2"))
    }

    @Test func cardDetailFetchAnswersTheCard() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let card = try await client.cardDetailFetch(path: .init(cardId: "c2")).ok.body.json.data

      #expect(card.name == "이서준")
      #expect(card.mbti == "ENTJ")
      #expect(card.imageURL == nil)
    }

    /// `c3` is `guest`'s.
    @Test func cardDetailFetchOfAnotherUsersCardAnswers403() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardDetailFetch(path: .init(cardId: "c3")).forbidden.body
        .json

      #expect(envelope.status == 403)
    }

    @Test func cardDetailFetchOfAnUnknownCardAnswers404() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardDetailFetch(path: .init(cardId: "c99")).notFound.body
        .json

      #expect(envelope.status == 404)
    }

    /// The empty envelope, and the card is gone.
    @Test func cardDeleteAnswersNoDataAndTheCardIsGone() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardDelete(path: .init(cardId: "c2")).ok.body.json

      #expect(envelope.data.value == nil)
      _ = try await client.cardDetailFetch(path: .init(cardId: "c2")).notFound
    }

    @Test func cardDeleteOfAnotherUsersCardAnswers403() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      _ = try await client.cardDelete(path: .init(cardId: "c3")).forbidden
    }

    @Test func cardDeleteOfAnUnknownCardAnswers404() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      _ = try await client.cardDelete(path: .init(cardId: "c99")).notFound
    }

    /// An injected `500` is the error envelope; an injected `503` is a proxy's HTML page.
    @Test func serverErrorsAnswerTheErrorEnvelopeOrAnHTMLPage() async throws {
      let server = try await CardServer.reset()
      let client = try await server.client(signedInAs: "demo")

      try await server.failNextRequest(status: 500)
      guard case .serverError(500, let json) = try await client.cardList() else {
        Issue.record("expected 500")
        return
      }
      #expect(try json.body.json.status == 500)

      try await server.failNextRequest(status: 503)
      guard case .serverError(503, let page) = try await client.cardList() else {
        Issue.record("expected 503")
        return
      }
      _ = try page.body.html
    }
  }
}
