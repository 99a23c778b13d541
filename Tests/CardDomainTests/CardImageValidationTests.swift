import CardDomain
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

  @Test func detectsJPEGAndPNGFromTheirFirstBytesOnly() {
    #expect(ImageMIMEType(detectedIn: Self.jpeg) == .jpeg)
    #expect(ImageMIMEType(detectedIn: Self.png.prefix(ImageMIMEType.signatureLength)) == .png)
    #expect(ImageMIMEType(detectedIn: Self.gif) == nil)
    #expect(ImageMIMEType(detectedIn: Data()) == nil)
  }

  @Test func checksAFileByTheSizeItWasMeasuredAtWithoutReadingIt() throws {
    let url = URL(fileURLWithPath: "/nonexistent/huge.png")
    let fits = CardImage(
      source: .file(url, byteCount: CardImage.maximumByteCount), mimeType: .png,
      filename: "huge.png")
    #expect(try fits.validated() == fits)
    let huge = CardImage(
      source: .file(url, byteCount: CardImage.maximumByteCount + 10), mimeType: .png,
      filename: "huge.png")
    #expect(throws: ValidationError.imageTooLarge(byteCount: CardImage.maximumByteCount + 10)) {
      try huge.validated()
    }
  }

  @Test func rejectsAnEmptyFileName() {
    let image = CardImage(source: .bytes(Self.png), mimeType: .png, filename: "")
    #expect(throws: ValidationError.emptyImageFilename) { try image.validated() }
  }
}
