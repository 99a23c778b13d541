import CardData
import CardDomain
import CardTestSupport
import Foundation
import Testing

/// Failures name the file and the reason, and leave no temporary file behind.
@Suite("Multipart encoder errors")
struct MultipartEncoderErrorTests {
  private let scratch: TemporaryDirectory

  init() throws {
    scratch = try TemporaryDirectory()
  }

  @Test(
    "A missing file part is reported with its path, in memory and via a temporary file",
    arguments: [Int64(10 * 1024 * 1024), 0])
  func missingFile(threshold: Int64) throws {
    let missing = scratch.url.appendingPathComponent("missing.png")
    let form = formWithFile(at: missing)

    let error = #expect(throws: MultipartEncodingError.self) {
      try encoder(threshold: threshold).encode(form)
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
      try encoder(threshold: 0).encode(formWithFile(at: scratch.url))
    }
    #expect(error?.kind == .unreadableFile)
    #expect(error?.path == scratch.url.path)
    #expect(error?.reason == "not a regular file")
    #expect(try scratch.entries() == [])
  }

  /// Linux reports the files under `/proc` as empty, yet reading them yields bytes: a file
  /// that differs from its measured size, without racing another writer.
  @Test(
    "A file part longer than its measured size fails and leaves no temporary file",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")),
    arguments: [Int64(10 * 1024 * 1024), 0])
  func fileLongerThanMeasured(threshold: Int64) throws {
    let status = URL(fileURLWithPath: "/proc/self/status")
    let error = #expect(throws: MultipartEncodingError.self) {
      try encoder(threshold: threshold).encode(formWithFile(at: status))
    }
    #expect(error?.kind == .fileChangedWhileReading)
    #expect(error?.path == status.path)
    #expect(try scratch.entries() == [])
  }

  @Test("A temporary directory that does not exist is reported with the file's path")
  func missingTemporaryDirectory() throws {
    let directory = scratch.url.appendingPathComponent("absent", isDirectory: true)
    let input = try scratch.write(Data(repeating: 7, count: 64), to: "input.bin")
    let encoder = MultipartEncoder(memoryThreshold: 0, temporaryDirectory: directory)

    let error = #expect(throws: MultipartEncodingError.self) {
      try encoder.encode(formWithFile(at: input))
    }
    #expect(error?.kind == .temporaryFileFailure)
    #expect(error?.path?.hasPrefix(directory.path) == true)
    #expect(try scratch.entries() == ["input.bin"])
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

  private func encoder(threshold: Int64) -> MultipartEncoder {
    MultipartEncoder(memoryThreshold: threshold, temporaryDirectory: scratch.url)
  }

  private func formWithFile(at url: URL) -> MultipartFormData {
    var form = MultipartFormData()
    form.append("a caption", name: "caption")
    form.appendFile(at: url, name: "image", filename: "photo.png", contentType: "image/png")
    return form
  }
}
