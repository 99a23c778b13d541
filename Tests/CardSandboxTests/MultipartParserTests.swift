import Foundation
import Testing

@testable import CardSandbox

@Suite("Multipart parser")
struct MultipartParserTests {
  private func parts(_ text: String, boundary: String = "b0und") throws -> [FormDataPart] {
    try MultipartParser.parts(of: Data(text.utf8), boundary: boundary)
  }

  @Test(arguments: [
    ("multipart/form-data; boundary=abc123", "abc123"),
    (#"multipart/form-data; boundary="a b:c""#, "a b:c"),
    (
      #"Multipart/Form-Data;BOUNDARY="----WebKitFormBoundary7MA4YWxk""#,
      "----WebKitFormBoundary7MA4YWxk"
    ),
    ("multipart/form-data; charset=utf-8; boundary=x;", "x"),
  ])
  func theBoundaryIsReadFromTheContentTypeQuotedOrNot(contentType: String, expected: String) throws
  {
    let type = try ParameterizedHeader(contentType)
    #expect(type.value.lowercased() == "multipart/form-data")
    #expect(try MultipartParser.boundary(of: type) == expected)
  }

  @Test(arguments: [
    "multipart/form-data; boundary=",
    "multipart/form-data; boundary=\(String(repeating: "x", count: 71))",
    #"multipart/form-data; boundary="ends in space ""#,
    "multipart/form-data; boundary=semi%colon",
  ])
  func anInvalidBoundaryIsRefused(contentType: String) throws {
    let type = try ParameterizedHeader(contentType)
    #expect(throws: MultipartParser.Malformed.self) { try MultipartParser.boundary(of: type) }
  }

  @Test func partsAreReadInOrderWithTheirNamesFileNamesTypesAndBytes() throws {
    let body =
      "--b0und\r\n"
      + "Content-Disposition: form-data; name=\"card.name\"\r\n\r\n"
      + "Kim\r\n"
      + "--b0und\r\n"
      + "content-disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n"
      + "CONTENT-TYPE: image/png\r\n\r\n"
      + "\u{1}\u{2}\r\n\r\n--b0un\r\nx--b0und\r\n"
      + "--b0und--\r\n"
    let parsed = try parts(body)
    #expect(parsed.count == 2)
    #expect(
      parsed[0]
        == FormDataPart(name: "card.name", filename: nil, contentType: nil, body: Data("Kim".utf8)))
    #expect(parsed[1].name == "image")
    #expect(parsed[1].filename == "a.png")
    #expect(parsed[1].contentType == "image/png")
    #expect(parsed[1].body == Data("\u{1}\u{2}\r\n\r\n--b0un\r\nx--b0und".utf8))
  }

  @Test func aPreambleTransportPaddingAndAnEpilogueAreIgnored() throws {
    let body =
      "This is a preamble.\r\n--b0und  \t\r\n"
      + "Content-Disposition: form-data; name=a\r\n\r\n"
      + "1\r\n--b0und--\r\nThis is an epilogue."
    let parsed = try parts(body)
    #expect(parsed.map(\.name) == ["a"])
    #expect(parsed.first?.body == Data("1".utf8))
  }

  @Test func anEmptyPartBodyAndAnEmptyFormAreRead() throws {
    let parsed = try parts(
      "--b0und\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n--b0und--")
    #expect(parsed.first?.body == Data())
    #expect(try parts("--b0und--\r\n").isEmpty)
  }

  @Test(arguments: [
    (#"my%22cat%22.png"#, "my\"cat\".png"),
    (#"line%0D%0Abreak.jpg"#, "line\r\nbreak.jpg"),
    (#"lower%0d%0a.jpg"#, "lower\r\n.jpg"),
    (#"100%25 real%41.png"#, "100%25 real%41.png"),
    (#"trailing%"#, "trailing%"),
    (#"세상;=1.png"#, "세상;=1.png"),
    (#"C:\photos\a.png"#, #"C:\photos\a.png"#),
  ])
  func percent22And0DAnd0AAreUnescapedInNamesAndFileNamesOtherEscapesStay(
    sent: String, expected: String
  )
    throws
  {
    let body =
      "--b0und\r\nContent-Disposition: form-data; name=\"x%22y\"; filename=\"\(sent)\"\r\n\r\n"
      + "z\r\n--b0und--"
    let part = try #require(try parts(body).first)
    #expect(part.name == "x\"y")
    #expect(part.filename == expected)
  }

  @Test(arguments: [
    "--b0und\nContent-Disposition: form-data; name=a\n\n1\n--b0und--",
    "--b0und\r\nContent-Disposition: form-data; name=a\r\n1\r\n--b0und--",
    "--b0und\r\nContent-Disposition form-data\r\n\r\n1\r\n--b0und--",
    "--b0und\r\nContent-Disposition: form-data; name=a\r\nContent-Disposition: form-data; name=b\r\n\r\n1\r\n--b0und--",
    "--b0und\r\nContent-Disposition: form-data; name=a; name=b\r\n\r\n1\r\n--b0und--",
    "--b0undX\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--b0und--",
  ])
  func malformedBodiesAreRefused(body: String) {
    #expect(throws: MultipartParser.Malformed.self) { try parts(body) }
  }

  @Test func partHeadersThatAreNotUTF8AreRefused() {
    var body = Data("--b0und\r\nContent-Disposition: form-data; name=\"".utf8)
    body.append(contentsOf: [0xFF, 0xFE])
    body.append(Data("\"\r\n\r\n1\r\n--b0und--".utf8))
    #expect(throws: MultipartParser.Malformed.self) {
      try MultipartParser.parts(of: body, boundary: "b0und")
    }
  }

  @Test func aBodySlicedOutOfLargerDataIsReadByItsOwnIndices() throws {
    let whole = Data(
      "XXXX--b0und\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--b0und--".utf8)
    let slice = whole.dropFirst(4)
    let parsed = try MultipartParser.parts(of: slice, boundary: "b0und")
    #expect(parsed.first?.body == Data("1".utf8))
  }

  @Test func asManyPartsAsTheLimitAreReadOneMoreIsRefusedNamingTheLimit() throws {
    let part = "--b0und\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n"
    let limit = MultipartParser.maximumPartCount
    #expect(limit == 32)
    #expect(try parts(String(repeating: part, count: limit) + "--b0und--").count == limit)
    #expect(
      throws: MultipartParser.Malformed(
        reason: "the body has more than 32 parts, the most a form may have")
    ) { try parts(String(repeating: part, count: limit + 1) + "--b0und--") }
  }

  @Test func aBodyOverThePartLimitIsRefusedAtTheFirstPartOverItWhateverFollows() throws {
    let part = "--b0und\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n"
    // After the delimiter of the part over the limit comes no valid framing at all.
    let body = String(repeating: part, count: MultipartParser.maximumPartCount) + "--b0und"
    #expect(
      throws: MultipartParser.Malformed(
        reason: "the body has more than 32 parts, the most a form may have")
    ) { try parts(body + "\r\nno headers, no closing boundary") }
  }
}
