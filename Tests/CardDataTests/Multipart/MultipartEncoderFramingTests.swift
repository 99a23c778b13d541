import CardData
import CardDomain
import CardTestingPrimitives
import Foundation
import Testing

/// Byte-exact comparisons against bodies written out by hand from RFC 7578.
@Suite("Multipart encoder framing")
struct MultipartEncoderFramingTests {
  private let scratch: TemporaryDirectory
  private let boundary = "XyZ-boundary-0123"

  init() throws {
    scratch = try TemporaryDirectory()
  }

  /// The first 16 bytes of a PNG file: signature and the start of the IHDR chunk, which
  /// include CR, LF, 0x1A and bytes that are not UTF-8.
  private let pngBytes = Data([
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
  ])

  @Test func aTextFieldAJSONPartAndAPNGFilePartEncodeToTheHandWrittenBody() throws {
    let png = try scratch.write(pngBytes, to: "photo.png")
    var form = MultipartFormData(boundary: boundary)
    form.append("Kim Minji", name: "nickname")
    form.append(Data(#"{"mbti":"INFP"}"#.utf8), name: "profile", contentType: "application/json")
    form.appendFile(at: png, name: "image", filename: "photo.png", contentType: "image/png")

    var expected = Data(
      """
      --XyZ-boundary-0123\r
      Content-Disposition: form-data; name="nickname"\r
      \r
      Kim Minji\r
      --XyZ-boundary-0123\r
      Content-Disposition: form-data; name="profile"\r
      Content-Type: application/json\r
      \r
      {"mbti":"INFP"}\r
      --XyZ-boundary-0123\r
      Content-Disposition: form-data; name="image"; filename="photo.png"\r
      Content-Type: image/png\r
      \r

      """.utf8)
    expected.append(pngBytes)
    expected.append(Data("\r\n--XyZ-boundary-0123--\r\n".utf8))

    let encoded = try form.encoded()
    #expect(try encoded.sentBytes() == expected)
    #expect(encoded.fileURLs == [png])
    #expect(form.contentType == "multipart/form-data; boundary=XyZ-boundary-0123")
  }

  @Test func anInMemoryPartWithAFileNameGetsTheFilenameParameterAndNoContentType() throws {
    var form = MultipartFormData(boundary: boundary)
    form.append(Data("a,b\r\n1,2".utf8), name: "sheet", filename: "table.csv")

    let expected = Data(
      """
      --XyZ-boundary-0123\r
      Content-Disposition: form-data; name="sheet"; filename="table.csv"\r
      \r
      a,b\r
      1,2\r
      --XyZ-boundary-0123--\r

      """.utf8)
    #expect(try form.encoded() == .data(expected))
  }

  @Test func aFormWithoutPartsIsTheClosingDelimiterAlone() throws {
    let encoded = try MultipartFormData(boundary: boundary).encoded()
    #expect(encoded == .data(Data("--XyZ-boundary-0123--\r\n".utf8)))
  }

  @Test func quotesCRAndLFInNamesAndFileNamesArePercentEscaped() throws {
    var form = MultipartFormData(boundary: boundary)
    form.append(Data(), name: "say \"hi\"\r\nnow", filename: "a\"b\rc\nd.txt")

    let expected = Data(
      """
      --XyZ-boundary-0123\r
      Content-Disposition: form-data; name="say %22hi%22%0D%0Anow"; filename="a%22b%0Dc%0Ad.txt"\r
      \r
      \r
      --XyZ-boundary-0123--\r

      """.utf8)
    #expect(try form.encoded() == .data(expected))
  }

  @Test func nonASCIINamesAndFileNamesAreSentAsRawUTF8AndIsSentUnchanged() throws {
    var form = MultipartFormData(boundary: boundary)
    form.append(Data([0x01]), name: "이름 100%", filename: "사진 😀.png")

    var expected = Data("--XyZ-boundary-0123\r\nContent-Disposition: form-data; name=\"".utf8)
    expected.append(contentsOf: [0xEC, 0x9D, 0xB4, 0xEB, 0xA6, 0x84])  // 이름
    expected.append(Data(" 100%\"; filename=\"".utf8))
    expected.append(contentsOf: [0xEC, 0x82, 0xAC, 0xEC, 0xA7, 0x84])  // 사진
    expected.append(contentsOf: [0x20, 0xF0, 0x9F, 0x98, 0x80])  // space, 😀
    expected.append(Data(".png\"\r\n\r\n".utf8))
    expected.append(contentsOf: [0x01])
    expected.append(Data("\r\n--XyZ-boundary-0123--\r\n".utf8))
    #expect(try form.encoded() == .data(expected))
  }
}
