import CardData
import CardDomain
import CardTestingPrimitives
import Foundation
import Testing

/// Forms encoded and parsed back by ``MultipartTestParser``, which shares no code with the
/// encoder: what a receiver reads must be what the form holds.
@Suite("Multipart encoder round trips")
struct MultipartEncoderRoundTripTests {
  /// Where a part's bytes come from.
  enum Source: String, CaseIterable, CustomTestStringConvertible {
    case memory
    case file

    var testDescription: String { rawValue }
  }

  private let scratch: TemporaryDirectory

  init() throws {
    scratch = try TemporaryDirectory()
  }

  @Test func textFieldsComeBackUnchanged() throws {
    var form = MultipartFormData()
    form.append("Kim Minji", name: "nickname")
    form.append("안녕하세요 👋\r\nsecond line", name: "greeting")
    form.append("", name: "empty")

    #expect(
      try roundTrip(form) == [
        .init(name: "nickname", content: Data("Kim Minji".utf8)),
        .init(name: "greeting", content: Data("안녕하세요 👋\r\nsecond line".utf8)),
        .init(name: "empty", content: Data()),
      ])
  }

  @Test(arguments: Source.allCases)
  func everyByteValue0x000xFFComesBackUnchanged(source: Source) throws {
    let bytes = Data((0..<768).map { UInt8(truncatingIfNeeded: $0) })
    let form = try form(with: bytes, from: source, contentType: "application/octet-stream")

    let parts = try roundTrip(form)
    #expect(parts.map(\.content) == [bytes])
    #expect(parts.map(\.contentType) == ["application/octet-stream"])
  }

  @Test(arguments: Source.allCases)
  func contentThatLooksLikeFramingComesBackUnchanged(source: Source) throws {
    let boundary = "lookalike-boundary-42"
    let content = Data(
      """
      \r\n--lookalike-boundary-4\r\n\
      --lookalike-boundary-4--\r\n\
      --other-boundary--\r\n\
      Content-Disposition: form-data; name="fake"\r\n\r\n\
      --lookalike-boundar\r\n
      """.utf8)
    let form = try form(with: content, from: source, boundary: boundary)

    #expect(try roundTrip(form).map(\.content) == [content])
  }

  @Test func emptyPartsFromMemoryAndFromAnEmptyFileComeBackEmpty() throws {
    var form = MultipartFormData()
    form.append("", name: "text")
    form.append(Data(), name: "bytes", filename: "empty.bin")
    form.appendFile(
      at: try scratch.write(Data(), to: "empty.txt"), name: "file",
      filename: "empty.txt", contentType: "text/plain")

    #expect(
      try roundTrip(form) == [
        .init(name: "text", content: Data()),
        .init(name: "bytes", filename: "empty.bin", content: Data()),
        .init(name: "file", filename: "empty.txt", contentType: "text/plain", content: Data()),
      ])
  }

  @Test(arguments: [
    "say \"hi\"", "line\r\nbreak", "cr\ronly", "lf\nonly", "\"\r\n\"", "이름", "사진 😀.png",
    "semi;colon=equals", "trailing space ",
  ])
  func awkwardNamesAndFileNamesComeBackUnchanged(name: String) throws {
    var form = MultipartFormData()
    form.append(Data("x".utf8), name: name, filename: name, contentType: "text/plain")

    #expect(
      try roundTrip(form) == [
        .init(name: name, filename: name, contentType: "text/plain", content: Data("x".utf8))
      ])
  }

  @Test func partsFromMemoryAndFromFilesKeepTheirOrder() throws {
    let first = Data("first file".utf8)
    let second = Data((0..<300).map { UInt8($0 % 251) })
    var form = MultipartFormData()
    form.append("one", name: "a")
    form.appendFile(
      at: try scratch.write(first, to: "1.txt"), name: "b", filename: "1.txt",
      contentType: "text/plain")
    form.append(Data([0xFF, 0x00]), name: "c", filename: "raw.bin")
    form.appendFile(
      at: try scratch.write(second, to: "2.bin"), name: "d", filename: "2.bin",
      contentType: "application/octet-stream")

    #expect(
      try roundTrip(form) == [
        .init(name: "a", content: Data("one".utf8)),
        .init(name: "b", filename: "1.txt", contentType: "text/plain", content: first),
        .init(name: "c", filename: "raw.bin", content: Data([0xFF, 0x00])),
        .init(
          name: "d", filename: "2.bin", contentType: "application/octet-stream", content: second),
      ])
  }

  /// A form with one part holding `content`, from memory or from a file in the scratch
  /// directory, named `part` with file name `part.bin`.
  private func form(
    with content: Data, from source: Source, contentType: String = "application/octet-stream",
    boundary: String = MultipartFormData.randomBoundary()
  ) throws -> MultipartFormData {
    var form = MultipartFormData(boundary: boundary)
    switch source {
    case .memory:
      form.append(content, name: "part", filename: "part.bin", contentType: contentType)
    case .file:
      let url = try scratch.write(content, to: "part.bin")
      form.appendFile(at: url, name: "part", filename: "part.bin", contentType: contentType)
    }
    return form
  }

  /// Encodes `form` and parses back the bytes a transport would send.
  private func roundTrip(_ form: MultipartFormData) throws -> [MultipartTestParser.Part] {
    try MultipartTestParser.parse(try form.encoded().sentBytes(), contentType: form.contentType)
  }
}
