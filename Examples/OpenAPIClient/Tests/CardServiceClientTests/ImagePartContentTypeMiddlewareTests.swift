import CardServiceClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

/// The middleware alone, over forms written by hand: it needs no server.
@Suite("ImagePartContentTypeMiddleware")
struct ImagePartContentTypeMiddlewareTests {
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00]
  static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00]

  /// A form as the generated client writes it: a text part whose content quotes the image
  /// part's header, then the image part as `application/octet-stream`.
  static func form(image: [UInt8]) -> [UInt8] {
    Array(
      """
      --b0\r
      content-disposition: form-data; name="card.description"\r
      content-type: text/plain\r
      \r
      name="image"\r
      --b0\r
      content-disposition: form-data; filename="picture"; name="image"\r
      content-type: application/octet-stream\r
      \r

      """.utf8) + image + Array("\r\n--b0--\r\n".utf8)
  }

  /// The body `next` receives for `form`, sent as `operationID`.
  static func sent(_ form: [UInt8], operationID: String = "cardCreation") async throws
    -> [UInt8]
  {
    let request = HTTPRequest(
      method: .post, scheme: "http", authority: "localhost", path: "/card",
      headerFields: [.contentType: #"multipart/form-data; boundary="b0""#])
    let received = Mutex<[UInt8]?>(nil)
    _ = try await ImagePartContentTypeMiddleware().intercept(
      request, body: HTTPBody(form), baseURL: URL(string: "http://localhost")!,
      operationID: operationID
    ) { _, body, _ in
      let bytes = try await [UInt8](collecting: body!, upTo: 1 << 20)
      received.withLock { $0 = bytes }
      return (HTTPResponse(status: .created), nil)
    }
    return try #require(received.withLock { $0 })
  }

  /// Only the image part's content type changes; the text part quoting its header does not.
  @Test(arguments: [(png, "image/png"), (jpeg, "image/jpeg")])
  func setsTheImagePartsContentTypeFromItsSignature(image: [UInt8], contentType: String)
    async throws
  {
    let expected = String(decoding: Self.form(image: image), as: UTF8.self)
      .replacingOccurrences(
        of: "content-type: application/octet-stream", with: "content-type: \(contentType)")

    let sent = try await Self.sent(Self.form(image: image))

    #expect(String(decoding: sent, as: UTF8.self) == expected)
  }

  /// The server answers such an image `415`, which says what is wrong.
  @Test func sendsAnImageThatIsNeitherPNGNorJPEGAsItWas() async throws {
    let form = Self.form(image: Array("GIF89a".utf8))

    #expect(try await Self.sent(form) == form)
  }

  @Test func leavesOtherOperationsAlone() async throws {
    let form = Self.form(image: Self.png)

    #expect(try await Self.sent(form, operationID: "cardListEdit") == form)
  }
}
