import CardDomain
import CardTestSupport
import Foundation
import Testing

@Suite("Card image validation")
struct CardImageValidationTests {
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x01])
  static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
  static let gif = Data("GIF89a....".utf8)

  @Test func acceptsPNGAndJPEGBytesUnderTheLimit() throws {
    let png = CardImage(source: .bytes(Self.png), mimeType: .png, filename: "a.png")
    let jpeg = CardImage(source: .bytes(Self.jpeg), mimeType: .jpeg, filename: "a.jpg")
    #expect(try png.validated() == png)
    #expect(try jpeg.validated() == jpeg)
  }

  @Test func rejectsAnImageOneByteOverTenMebibytes() {
    var bytes = Self.png
    bytes.append(Data(count: Int(CardImage.maximumByteCount) + 1 - bytes.count))
    let image = CardImage(source: .bytes(bytes), mimeType: .png, filename: "big.png")
    #expect(throws: ValidationError.imageTooLarge(byteCount: CardImage.maximumByteCount + 1)) {
      try image.validated()
    }
  }

  @Test func rejectsBytesThatAreNotTheDeclaredType() {
    let image = CardImage(source: .bytes(Self.gif), mimeType: .png, filename: "a.png")
    #expect(throws: ValidationError.imageContentMismatch(declared: .png)) {
      try image.validated()
    }
  }

  @Test func rejectsMIMETypesOtherThanJPEGAndPNG() throws {
    #expect(try ImageMIMEType(validating: "IMAGE/PNG") == .png)
    #expect(throws: ValidationError.unsupportedImageType("image/gif")) {
      try ImageMIMEType(validating: "image/gif")
    }
  }

  @Test func detectsTheTypeOfAFileFromItsFirstBytes() throws {
    let directory = try TemporaryDirectory()
    let url = try directory.write(Self.jpeg, to: "photo.bin")
    let image = try CardImage.file(at: url)
    #expect(image.mimeType == .jpeg)
    #expect(image.filename == "photo.bin")
    #expect(try image.validated() == image)
  }

  @Test func rejectsFilesThatAreMissingOrNotImages() throws {
    let directory = try TemporaryDirectory()
    let gif = try directory.write(Self.gif, to: "anim.gif")
    #expect(throws: ValidationError.notAnImage(filename: "anim.gif")) {
      try CardImage.file(at: gif)
    }
    let fake = try directory.write(Data("not an image".utf8), to: "fake.png")
    #expect(throws: ValidationError.notAnImage(filename: "fake.png")) {
      try CardImage.file(at: fake)
    }
    let empty = try directory.write(Data(), to: "empty.png")
    #expect(throws: ValidationError.notAnImage(filename: "empty.png")) {
      try CardImage.file(at: empty)
    }
    let missing = directory.url.appendingPathComponent("missing.png")
    #expect(throws: ValidationError.imageUnreadable(path: missing.path, reason: "no such file")) {
      try CardImage.file(at: missing)
    }
    #expect(
      throws: ValidationError.imageUnreadable(
        path: directory.url.path, reason: "not a regular file")
    ) {
      try CardImage.file(at: directory.url)
    }
  }

  @Test func measuresLargeFilesWithoutReadingThem() throws {
    let directory = try TemporaryDirectory()
    let url = try directory.write(Self.png, to: "huge.png")
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(CardImage.maximumByteCount) + 10)
    try handle.close()
    let image = CardImage(source: .file(url), mimeType: .png, filename: "huge.png")
    #expect(throws: ValidationError.imageTooLarge(byteCount: CardImage.maximumByteCount + 10)) {
      try image.validated()
    }
  }
}

@Suite("Card image files behind links")
struct CardImageLinkTests {
  @Test func aLinkToAnImageIsMeasuredThroughTheLink() throws {
    let directory = try TemporaryDirectory()
    let target = try directory.write(CardImageValidationTests.png, to: "real.png")
    let link = directory.url.appendingPathComponent("link.png")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let image = try CardImage.file(at: link)
    #expect(image.mimeType == .png)
    #expect(image.filename == "link.png")
    #expect(try image.validated() == image)
  }
}
