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

  @Test("A missing file part is reported with its path")
  func missingFile() throws {
    let missing = scratch.url.appendingPathComponent("missing.png")
    let form = formWithFile(at: missing)

    let error = #expect(throws: MultipartEncodingError.self) {
      try MultipartEncoder().encode(form)
    }
    #expect(error?.kind == .unreadableFile)
    #expect(error?.path == missing.path)
    #expect(error?.reason == "No such file or directory")
    #expect(error?.description.contains(missing.path) == true)
    #expect(try scratch.entries() == [])
  }

  @Test("A directory given as a file part is reported as not a regular file")
  func directoryAsFile() throws {
    let error = #expect(throws: MultipartEncodingError.self) {
      try MultipartEncoder().encode(formWithFile(at: scratch.url))
    }
    #expect(error?.kind == .unreadableFile)
    #expect(error?.path == scratch.url.path)
    #expect(error?.reason == "not a regular file")
    #expect(try scratch.entries() == [])
  }

  @Test(
    "Boundaries outside RFC 2046 are rejected",
    arguments: ["", String(repeating: "b", count: 71), "line\r\nbreak", "quote\"", "space "])
  func invalidBoundary(boundary: String) {
    let error = #expect(throws: MultipartEncodingError.self) {
      try MultipartEncoder().encode(MultipartFormData(boundary: boundary))
    }
    #expect(error?.kind == .invalidBoundary)
  }

  @Test("The longest and the most unusual valid boundaries are accepted")
  func validBoundaries() throws {
    for boundary in [String(repeating: "b", count: 70), "a'()+_,-./:=? z", "0"] {
      let encoded = try MultipartEncoder().encode(MultipartFormData(boundary: boundary))
      #expect(encoded.body == .data(Data("--\(boundary)--\r\n".utf8)))
    }
  }

  @Test("A line break in a part's Content-Type is rejected")
  func lineBreakInContentType() {
    var form = MultipartFormData()
    form.append(Data(), name: "x", contentType: "text/plain\r\nX-Injected: yes")

    let error = #expect(throws: MultipartEncodingError.self) {
      try MultipartEncoder().encode(form)
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
