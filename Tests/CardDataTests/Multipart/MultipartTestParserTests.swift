import Foundation
import Testing

/// Checks of the test parser itself against hand-written bodies, so that a round trip
/// through it means something.
@Suite("Multipart test parser")
struct MultipartTestParserTests {
  @Test func itReadsAHandWrittenBodyWithAQuotedBoundary() throws {
    let body = Data(
      """
      --simple boundary\r
      Content-Disposition: form-data; name="field%22one%22"\r
      \r
      value\r
      --simple boundary\r
      content-type: text/plain\r
      Content-Disposition: form-data; name="f"; filename="a%0D%0Ab 100%.txt"\r
      \r
      line\r
      \r
      --simple boundary--\r

      """.utf8)
    let parts = try MultipartTestParser.parse(
      body, contentType: #"Multipart/Form-Data; charset=utf-8; boundary="simple boundary""#)

    #expect(
      parts == [
        .init(name: "field\"one\"", content: Data("value".utf8)),
        .init(
          name: "f", filename: "a\r\nb 100%.txt", contentType: "text/plain",
          content: Data("line\r\n".utf8)),
      ])
  }

  @Test(arguments: [
    "--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nvalue",
    "--b\r\nContent-Disposition: form-data; name=\"x\"\r\nvalue\r\n--b--\r\n",
    "--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nv\r\n--b--\r\nepilogue",
    "--b\r\nContent-Disposition: attachment; name=\"x\"\r\n\r\nv\r\n--b--\r\n",
    "--b\r\nContent-Disposition: form-data; name=x\r\n\r\nv\r\n--b--\r\n",
    "preamble\r\n--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nv\r\n--b--\r\n",
  ])
  func itRejectsMalformedBodies(body: String) {
    #expect(throws: MultipartTestParser.Failure.self) {
      try MultipartTestParser.parse(Data(body.utf8), contentType: "multipart/form-data; boundary=b")
    }
  }
}
