import CardServiceClient
import Foundation
import OpenAPIRuntime
import Testing

extension GeneratedClientTests {
  /// `cardCreation`, the multipart form, and `cardImage`, which gives its image back.
  @Suite("card creation and image operations")
  struct CardCreationTests {
    /// A 1×1 grey PNG.
    static let png = [UInt8](
      Data(
        base64Encoded:
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="
      )!)
    /// The start of a JFIF file: the server checks the JPEG signature, not the whole image.
    static let jpeg: [UInt8] = [
      0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00,
      0x01, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xD9,
    ]

    /// The form with its two required parts, the given image and the given optional parts.
    static func form(
      name: String = "Kim Minji", image: [UInt8]? = nil,
      _ optional: [Components.RequestBodies.CardForm.MultipartFormPayload] = []
    ) -> Components.RequestBodies.CardForm {
      var parts: [Components.RequestBodies.CardForm.MultipartFormPayload] = [
        .cardName(.init(payload: .init(body: HTTPBody(name)))),
        .cardDefaultImage(.init(payload: .init(body: HTTPBody("2")))),
      ]
      parts += optional
      if let image {
        parts.append(.image(.init(payload: .init(body: HTTPBody(image)), filename: "picture")))
      }
      return .multipartForm(MultipartBody(parts))
    }

    /// Every text part arrives, the dotted part names included, with `Location` pointing at
    /// the new card.
    @Test func cardCreationAnswers201WithTheNewCard() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let reply = try await client.cardCreation(
        body: Self.form([
          .cardTitle(.init(payload: .init(body: HTTPBody("SOPT 29th iOS")))),
          .cardBirthday(.init(payload: .init(body: HTTPBody("1999-03-02")))),
          .cardMBTI(.init(payload: .init(body: HTTPBody("infp")))),
          .cardInstagram(.init(payload: .init(body: HTTPBody("minji.dev")))),
          .cardLinkURL(.init(payload: .init(body: HTTPBody("https://example.com/minji")))),
          .cardDescription(.init(payload: .init(body: HTTPBody("iOS 개발자")))),
          .cardFirstTMI(.init(payload: .init(body: HTTPBody("likes coffee")))),
          .cardSecondTMI(.init(payload: .init(body: HTTPBody("runs marathons")))),
          .cardThirdTMI(.init(payload: .init(body: HTTPBody("has a cat")))),
        ])
      ).created

      let envelope = try reply.body.json
      #expect(envelope.status == 201)
      let card = envelope.data
      #expect(reply.headers.location == "/card/\(card.cardId)")
      #expect(card.userId == "demo")
      #expect(card.title == "SOPT 29th iOS")
      #expect(card.birthday == "1999-03-02")
      #expect(card.mbti == "INFP")
      #expect(card.description == "iOS 개발자")
      #expect(card.defaultImage == 2)
      #expect(card.tmi == ["likes coffee", "runs marathons", "has a cat"])
      #expect(card.imageURL == nil)
    }

    /// The image part goes as `image/png` (the middleware's work), and `cardImage` answers the
    /// same bytes as a PNG.
    @Test func cardCreationWithAPNGKeepsItForCardImage() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let card = try await client.cardCreation(body: Self.form(image: Self.png)).created.body
        .json.data

      #expect(card.imageURL == "/card/\(card.cardId)/image")
      let body = try await client.cardImage(path: .init(cardId: card.cardId)).ok.body.png
      #expect(try await [UInt8](collecting: body, upTo: 1 << 20) == Self.png)
    }

    @Test func cardCreationWithAJPEGKeepsItForCardImage() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let card = try await client.cardCreation(body: Self.form(image: Self.jpeg)).created.body
        .json.data

      let body = try await client.cardImage(path: .init(cardId: card.cardId)).ok.body.jpeg
      #expect(try await [UInt8](collecting: body, upTo: 1 << 20) == Self.jpeg)
    }

    @Test func cardCreationWithABlankNameAnswers400NamingIt() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardCreation(body: Self.form(name: "  ")).badRequest.body
        .json

      #expect(envelope.message.contains("card.name"))
    }

    /// Bytes that are no image keep the schema's `application/octet-stream`.
    @Test func cardCreationWithAnImageThatIsNeitherPNGNorJPEGAnswers415() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardCreation(body: Self.form(image: Array("GIF89a".utf8)))
        .unsupportedMediaType.body.json

      #expect(envelope.status == 415)
    }

    /// A PNG one byte over 10 MiB, in a form under the server's 11 MiB body limit.
    @Test func cardCreationWithAnImageOver10MiBAnswers413() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")
      let image = Self.png + [UInt8](repeating: 0, count: 10 << 20 + 1 - Self.png.count)

      let envelope = try await client.cardCreation(body: Self.form(image: image))
        .contentTooLarge.body.json

      #expect(envelope.status == 413)
    }

    /// `c1`'s seed picture.
    @Test func cardImageAnswersTheUploadedBytesWithTheirType() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let body = try await client.cardImage(path: .init(cardId: "c1")).ok.body.png

      #expect(try await [UInt8](collecting: body, upTo: 1 << 20) == Self.png)
    }

    @Test func cardImageOfACardWithoutAnUploadedImageAnswers404() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      let envelope = try await client.cardImage(path: .init(cardId: "c2")).notFound.body.json

      #expect(envelope.status == 404)
    }

    @Test func cardImageOfAnotherUsersCardAnswers403() async throws {
      let client = try await CardServer.reset().client(signedInAs: "demo")

      _ = try await client.cardImage(path: .init(cardId: "c3")).forbidden
    }
  }
}
