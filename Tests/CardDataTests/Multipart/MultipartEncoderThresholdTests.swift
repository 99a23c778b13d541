import CardData
import CardDomain
import CardTestSupport
import Foundation
import Testing

/// Where the body goes: memory up to the threshold, a private temporary file above it.
@Suite("Multipart encoder memory threshold")
struct MultipartEncoderThresholdTests {
  private let scratch: TemporaryDirectory
  private let oneKiB: Int64 = 1024

  init() throws {
    scratch = try TemporaryDirectory()
  }

  @Test("A form under the threshold is encoded in memory, with no file created")
  func smallFormInMemory() throws {
    let encoded = try encoder(threshold: oneKiB).encode(try form(fileBytes: 100))

    #expect(encoded.body.inMemoryBytes != nil)
    #expect(encoded.temporaryFile == nil)
    #expect(try scratch.entries() == ["input.bin"])
  }

  @Test("A body of exactly the threshold stays in memory; one byte more goes to a file")
  func thresholdIsInclusive() throws {
    let form = try form(fileBytes: 500)
    let length = try MultipartEncoder().encode(form).body.length

    let atThreshold = try encoder(threshold: length).encode(form)
    let overThreshold = try encoder(threshold: length - 1).encode(form)
    defer { overThreshold.removeTemporaryFile() }

    #expect(atThreshold.body.inMemoryBytes != nil)
    #expect(overThreshold.body.fileURL != nil)
  }

  @Test("A form over the threshold is written to a temporary file with the same bytes")
  func largeFormInTemporaryFile() throws {
    let form = try form(fileBytes: 4 * 1024)
    let inMemory = try #require(try MultipartEncoder().encode(form).body.inMemoryBytes)

    let encoded = try encoder(threshold: oneKiB).encode(form)
    defer { encoded.removeTemporaryFile() }

    let url = try #require(encoded.temporaryFile)
    #expect(encoded.body == .file(url, length: Int64(inMemory.count)))
    #expect(try Data(contentsOf: url) == inMemory)
    #expect(url.deletingLastPathComponent().standardizedFileURL == scratch.url.standardizedFileURL)
    #expect(encoded.contentType == form.contentType)
  }

  @Test("The temporary file is readable and writable by its owner only (mode 0600)")
  func temporaryFileMode() throws {
    let encoded = try encoder(threshold: oneKiB).encode(try form(fileBytes: 4 * 1024))
    defer { encoded.removeTemporaryFile() }

    let url = try #require(encoded.temporaryFile)
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    let permissions = try #require(attributes[.posixPermissions] as? NSNumber)
    #expect(permissions.intValue & 0o777 == 0o600)
  }

  @Test("removeTemporaryFile deletes the file and may be called again")
  func removeTemporaryFile() throws {
    let encoded = try encoder(threshold: oneKiB).encode(try form(fileBytes: 4 * 1024))
    let url = try #require(encoded.temporaryFile)
    #expect(FileManager.default.fileExists(atPath: url.path))

    encoded.removeTemporaryFile()
    #expect(!FileManager.default.fileExists(atPath: url.path))
    encoded.removeTemporaryFile()
    #expect(try scratch.entries() == ["input.bin"])
  }

  @Test("removeTemporaryFile on an in-memory body touches nothing")
  func removeWithoutTemporaryFile() throws {
    let encoded = try encoder(threshold: oneKiB).encode(try form(fileBytes: 10))
    encoded.removeTemporaryFile()
    #expect(try scratch.entries() == ["input.bin"])
  }

  @Test("Each encoding gets a temporary file of its own")
  func uniqueTemporaryFiles() throws {
    let form = try form(fileBytes: 4 * 1024)
    let first = try encoder(threshold: oneKiB).encode(form)
    let second = try encoder(threshold: oneKiB).encode(form)
    defer {
      first.removeTemporaryFile()
      second.removeTemporaryFile()
    }

    #expect(first.temporaryFile != nil)
    #expect(first.temporaryFile != second.temporaryFile)
    #expect(try scratch.entries().count == 3)
  }

  private func encoder(threshold: Int64) -> MultipartEncoder {
    MultipartEncoder(memoryThreshold: threshold, temporaryDirectory: scratch.url, chunkSize: 256)
  }

  /// A text field and a file part of `fileBytes` bytes, from a new `input.bin` in the
  /// scratch directory; called once per test.
  private func form(fileBytes: Int) throws -> MultipartFormData {
    let bytes = Data((0..<fileBytes).map { UInt8(truncatingIfNeeded: $0) })
    let url = try scratch.write(bytes, to: "input.bin")
    var form = MultipartFormData()
    form.append("a caption", name: "caption")
    form.appendFile(at: url, name: "image", filename: "input.png", contentType: "image/png")
    return form
  }
}
