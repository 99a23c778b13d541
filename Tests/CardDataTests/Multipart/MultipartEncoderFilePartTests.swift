import CardData
import CardDomain
import CardTestingPrimitives
import Foundation
import Testing

/// Where a body's bytes come from: memory for a form without a file part; otherwise the
/// framing from memory and each file part from its own file, never a copy.
@Suite("Multipart encoder file parts")
struct MultipartEncoderFilePartTests {
  private let scratch: TemporaryDirectory

  init() throws {
    scratch = try TemporaryDirectory()
  }

  @Test func aFormWithoutAFilePartIsEncodedInMemory() throws {
    var form = MultipartFormData()
    form.append("a caption", name: "caption")
    form.append(Data([1, 2, 3]), name: "bytes", filename: "raw.bin")

    #expect(try form.encoded().inMemoryBytes != nil)
  }

  @Test func aFilePartIsItsOwnFileAtItsMeasuredSizeBetweenTheFramingInMemory() throws {
    let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0) })
    let url = try scratch.write(bytes, to: "input.bin")
    var form = MultipartFormData()
    form.append("a caption", name: "caption")
    form.appendFile(at: url, name: "image", filename: "input.png", contentType: "image/png")

    let encoded = try form.encoded()

    guard case .segments(let segments) = encoded, segments.count == 3,
      case .data(let head) = segments[0], case .data(let tail) = segments[2]
    else {
      Issue.record("expected framing, the file, framing: \(encoded)")
      return
    }
    #expect(segments[1] == .file(url, length: Int64(bytes.count)))
    #expect(String(decoding: head, as: UTF8.self).hasSuffix("Content-Type: image/png\r\n\r\n"))
    #expect(tail == Data("\r\n--\(form.boundary)--\r\n".utf8))
    #expect(encoded.length == Int64(head.count + bytes.count + tail.count))
  }

  @Test func encodingNeitherCopiesAFilePartNorCreatesAFile() throws {
    let url = try scratch.write(Data(repeating: 7, count: 64 * 1024), to: "input.bin")
    var form = MultipartFormData()
    form.appendFile(at: url, name: "image", filename: "input.png", contentType: "image/png")
    form.appendFile(at: url, name: "again", filename: "again.png", contentType: "image/png")

    let encoded = try form.encoded()

    #expect(encoded.fileURLs == [url, url])
    #expect(try scratch.entries() == ["input.bin"])
  }

  @Test func printingABodyWithFilePartsShowsItsSizeAndNoByteOfIt() throws {
    let url = try scratch.write(Data("secret pixels".utf8), to: "input.bin")
    var form = MultipartFormData(boundary: "b")
    form.append("visible?", name: "caption")
    form.appendFile(at: url, name: "image", filename: "input.png", contentType: "image/png")

    let body = try form.encoded()

    let printed = "\(body) \(String(reflecting: body)) \(body.segments)"
    #expect(printed.contains("<\(body.length) bytes in 3 segments>"))
    #expect(
      !printed.contains("secret") && !printed.contains("visible") && !printed.contains(url.path))
  }
}
