import CardServiceClient
import Testing

extension GeneratedClientTests {
  /// `cardSearch` (`GET /cards/search?q=&mbti=`).
  @Suite("card search operation")
  struct CardSearchTests {
    /// Hangul in `q` goes percent-encoded and matches `c2`'s name.
    @Test func cardSearchAnswersTheMatchingCards() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardSearch(query: .init(q: "이")).ok.body.json

      #expect(envelope.data.map(\.cardId) == ["c2"])
    }

    /// `mbti` is case-insensitive, and both parameters must match.
    @Test func cardSearchCombinesItsParametersWithAnd() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let both = try await client.cardSearch(query: .init(q: "ios", mbti: "infp")).ok.body.json
      let none = try await client.cardSearch(query: .init(q: "ios", mbti: "ENTJ")).ok.body.json

      #expect(both.data.map(\.cardId) == ["c1"])
      #expect(none.data.isEmpty)
    }

    @Test func cardSearchWithNoParameterAnswersEveryCard() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardSearch().ok.body.json

      #expect(envelope.data.map(\.cardId) == ["c1", "c2"])
    }

    @Test func cardSearchWithAnEmptyQueryAnswers400NamingIt() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardSearch(query: .init(q: "")).badRequest.body.json

      #expect(envelope.message.contains("q"))
    }

    @Test func cardSearchWithAnInvalidMBTIAnswers400NamingIt() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardSearch(query: .init(mbti: "XXXX")).badRequest.body
        .json

      #expect(envelope.message.contains("mbti"))
    }

    @Test func cardSearchWithoutATokenAnswers401() async throws {
      let server = try await CardServer.reset()

      _ = try await server.client().cardSearch().unauthorized
    }
  }
}
