import CardData
import CardDomain
import CardTestingPrimitives
import Foundation
import Testing

/// Failures name the file and the reason.
@Suite("Multipart encoder errors")
struct MultipartEncoderErrorTests {
  private let scratch: TemporaryDirectory

  init() throws {
    scratch = try TemporaryDirectory()
  }

  @Test func aMissingFilePartIsReportedWithItsPath() throws {
    let missing = scratch.url.appendingPathComponent("missing.png")
    let form = formWithFile(at: missing)

    let error = #expect(throws: MultipartEncodingError.self) {
      try form.encoded()
    }
    #expect(error?.kind == .unreadableFile)
    #expect(error?.path == missing.path)
    #expect(error?.reason == "No such file or directory")
    #expect(error?.description.contains(missing.path) == true)
    #expect(try scratch.entries() == [])
  }

  @Test func aDirectoryGivenAsAFilePartIsReportedAsNotARegularFile() throws {
    let error = #expect(throws: MultipartEncodingError.self) {
      try formWithFile(at: scratch.url).encoded()
    }
    #expect(error?.kind == .unreadableFile)
    #expect(error?.path == scratch.url.path)
    #expect(error?.reason == "not a regular file")
    #expect(try scratch.entries() == [])
  }

  @Test(arguments: ["", String(repeating: "b", count: 71), "line\r\nbreak", "quote\"", "space "])
  func boundariesOutsideRFC2046AreRejected(boundary: String) {
    let error = #expect(throws: MultipartEncodingError.self) {
      try MultipartFormData(boundary: boundary).encoded()
    }
    #expect(error?.kind == .invalidBoundary)
  }

  @Test func theLongestAndTheMostUnusualValidBoundariesAreAccepted() throws {
    for boundary in [String(repeating: "b", count: 70), "a'()+_,-./:=? z", "0"] {
      let encoded = try MultipartFormData(boundary: boundary).encoded()
      #expect(encoded == .data(Data("--\(boundary)--\r\n".utf8)))
    }
  }

  @Test func aLineBreakInAPartsContentTypeIsRejected() {
    var form = MultipartFormData()
    form.append(Data(), name: "x", contentType: "text/plain\r\nX-Injected: yes")

    let error = #expect(throws: MultipartEncodingError.self) {
      try form.encoded()
    }
    #expect(error?.kind == .invalidContentType)
    #expect(error?.description.contains("\"x\"") == true)
  }

  private func formWithFile(at url: URL) -> MultipartFormData {
    var form = MultipartFormData()
    form.append("a caption", name: "caption")
    form.appendFile(at: url, name: "image", filename: "photo.png", contentType: "image/png")
    return form
  }
}
