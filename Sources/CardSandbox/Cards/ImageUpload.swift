import Foundation

/// The rules for the `image` part of a creation form: a file part of type `image/jpeg` or
/// `image/png`, at most 10 MiB, whose bytes start with that type's signature.
enum ImageUpload {
  /// The largest accepted image, 10 MiB.
  static let maximumByteCount = 10 * 1024 * 1024

  private static let signatures: [String: (name: String, bytes: [UInt8])] = [
    "image/jpeg": ("JPEG", [0xFF, 0xD8, 0xFF]),
    "image/png": ("PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
  ]

  /// The picture in `part`, or `nil` for the empty file part a browser sends when no file
  /// was chosen (an empty file name and no bytes).
  static func image(from part: FormDataPart) throws(APIError) -> StoredImage? {
    guard let filename = part.filename else {
      throw .badRequest("the image part must be a file part with a filename")
    }
    if filename.isEmpty && part.body.isEmpty { return nil }
    let declared = part.contentType.flatMap(MediaType.init)?.essence
    guard let declared, let signature = signatures[declared] else {
      let sent = part.contentType.map { "not \($0)" } ?? "but the part has no Content-Type"
      throw .unsupportedMediaType("the image must be image/jpeg or image/png, \(sent)")
    }
    guard part.body.count <= maximumByteCount else {
      throw .tooLarge(
        "the image is \(part.body.count) bytes; the limit is 10 MiB (\(maximumByteCount) bytes)")
    }
    guard !part.body.isEmpty else { throw .badRequest("the image \(filename) is empty") }
    guard part.body.starts(with: signature.bytes) else {
      throw .unsupportedMediaType(
        "the image is declared \(declared) but its bytes are not a \(signature.name) image")
    }
    return StoredImage(contentType: declared, bytes: part.body)
  }
}
