import CardDomain
import CardDomainTesting
import CardREPL
import CardREPLTestSupport
import CardTestingPrimitives
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `card create`'s draft, built when the command runs. The domain reads no file, so for
/// `image=<path>` the REPL measures the image and tells its type from its first bytes,
/// whatever its name says.
@Suite("card create: building the draft")
struct CardDraftBuildingTests {
  private let console = CapturingConsole()
  private let cards = SpyCardRepository()
  private let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  private static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])

  private var repl: REPLSession {
    REPLSession(
      services: fakeServices(cards: cards), console: console, mode: .human(HumanRenderer()),
      workingDirectory: directory.url)
  }

  /// Runs `card create name=A image=<path>` and returns the image of the draft sent.
  private func create(image path: String) async -> CardImage? {
    _ = await repl.execute("card create name=A image='\(path)'")
    guard case .create(let draft) = cards.calls.first else { return nil }
    return draft.image
  }

  @Test func aDefaultImageThatIsNotANumberIsRejectedBeforeTheDomainJudgesAnyValue() async {
    _ = await repl.execute("card create name=A mbti=XXXX defaultImage=two")
    #expect(cards.calls.isEmpty)
    #expect(console.error == "invalid: defaultImage must be a number from 0 to 5, not 'two'\n")
  }

  @Test func theTypeComesFromTheFirstBytesAndTheNameFromThePath() async throws {
    let url = try directory.write(Self.jpeg, to: "photo.bin")
    let image = try #require(await create(image: "photo.bin"))
    #expect(image.source == .file(url, byteCount: Int64(Self.jpeg.count)))
    #expect(image.mimeType == .jpeg)
    #expect(image.filename == "photo.bin")
  }

  @Test(arguments: [
    ("anim.gif", Data("GIF89a....".utf8)), ("fake.png", Data("not an image".utf8)),
    ("empty.png", Data()),
  ])
  func filesThatAreNotJPEGOrPNGAreRejected(name: String, bytes: Data) async throws {
    try directory.write(bytes, to: name)
    #expect(await create(image: name) == nil)
    // The full path, as every other image error gives it.
    let path = directory.url.appendingPathComponent(name).path
    #expect(
      console.error
        == "invalid: image '\(path)' is not a JPEG or PNG file (judged by its contents, not its name)\n"
    )
  }

  @Test func aMissingFileOrADirectoryIsNotAnImage() async throws {
    #expect(await create(image: "missing.png") == nil)
    #expect(await create(image: directory.url.path) == nil)
    let missing = directory.url.appendingPathComponent("missing.png").path
    #expect(
      console.error
        == "invalid: image '\(missing)': no such file\n"
        + "invalid: image '\(directory.url.path)': not a regular file\n")
  }

  @Test func aLinkToAnImageIsMeasuredThroughTheLink() async throws {
    let target = try directory.write(onePixelPNG, to: "real.png")
    let link = directory.url.appendingPathComponent("link.png")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let image = try #require(await create(image: "link.png"))
    #expect(image.source == .file(link, byteCount: Int64(onePixelPNG.count)))
    #expect(image.mimeType == .png)
    #expect(image.filename == "link.png")
  }

  @Test(.enabled(if: getuid() != 0, "root reads any file"))
  func anUnreadableFileSaysWhyWithTheSystemsReason() async throws {
    let url = try directory.write(onePixelPNG, to: "secret.png")
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: url.path)
    #expect(await create(image: "secret.png") == nil)
    #expect(console.error.hasPrefix("invalid: image '\(url.path)': cannot be read ("))
  }

  @Test func aFileOverTenMebibytesIsMeasuredNotRead() async throws {
    let url = try directory.write(onePixelPNG, to: "huge.png")
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(CardImage.maximumByteCount) + 10)
    try handle.close()
    #expect(await create(image: "huge.png") == nil)
    #expect(
      console.error == "invalid: image is \(CardImage.maximumByteCount + 10) bytes; "
        + "the limit is \(CardImage.maximumByteCount) bytes (10 MiB)\n")
  }
}
