import Foundation

/// The `POST /card` form: the contract's `card.*` text fields and an optional `image` file
/// part. A field may appear once, and an unknown one is refused so a misspelt name is not
/// silently dropped; an empty optional text field counts as left out.
enum CardForm {
  private static let textFields = [
    "card.title", "card.name", "card.birthday", "card.mbti", "card.instagram", "card.linkURL",
    "card.description", "card.defaultImage",
  ]
  private static let tmiFields = ["card.firstTMI", "card.secondTMI", "card.thirdTMI"]

  /// The content of `request`'s `multipart/form-data` body; `400`, `413` or `415` naming
  /// what is wrong, the body's framing first.
  static func content(of request: SandboxRequest) throws(APIError) -> CardContent {
    let mediaType = try ParameterizedHeader.contentType("multipart/form-data", of: request)
    let parts: [FormDataPart]
    do throws(MultipartParser.Malformed) {
      let boundary = try MultipartParser.boundary(of: mediaType)
      parts = try MultipartParser.parts(of: request.body, boundary: boundary)
    } catch {
      throw .badRequest("the multipart body is malformed: \(error.reason)")
    }
    return try content(from: parts)
  }

  /// `400`, `413` or `415` naming what is wrong.
  static func content(from parts: [FormDataPart]) throws(APIError) -> CardContent {
    let tmiCount = parts.count { $0.name.hasPrefix("card.") && $0.name.hasSuffix("TMI") }
    guard tmiCount <= tmiFields.count else {
      throw .badRequest("a card has at most 3 TMIs, but the form has \(tmiCount)")
    }
    var text: [String: String] = [:]
    var image: StoredImage?
    var seen: Set<String> = []
    for part in parts {
      guard seen.insert(part.name).inserted else {
        throw .badRequest("the form field \(part.name) appears more than once")
      }
      if part.name == "image" {
        image = try ImageUpload.image(from: part)
      } else if textFields.contains(part.name) || tmiFields.contains(part.name) {
        text[part.name] = try value(of: part)
      } else {
        let all = (textFields + tmiFields + ["image"]).joined(separator: ", ")
        throw .badRequest("unknown form field \(part.name); the fields are \(all)")
      }
    }
    func required(_ field: String) throws(APIError) -> String {
      guard let value = text[field] else { throw .badRequest("\(field) is required") }
      return value
    }
    func optional(_ field: String) -> String? { text[field].flatMap { $0.isEmpty ? nil : $0 } }
    return CardContent(
      title: optional("card.title"),
      name: try name(required("card.name")),
      birthday: try optional("card.birthday").map(birthday),
      mbti: try optional("card.mbti").map { (text) throws(APIError) in try mbti(text) },
      instagram: optional("card.instagram"),
      linkURL: optional("card.linkURL"),
      description: optional("card.description"),
      defaultImage: try defaultImage(required("card.defaultImage")),
      tmi: tmiFields.compactMap(optional),
      image: image)
  }

  private static func value(of part: FormDataPart) throws(APIError) -> String {
    guard part.filename == nil else {
      throw .badRequest("\(part.name) must be a text field, not a file")
    }
    guard let value = String(validating: part.body, as: UTF8.self) else {
      throw .badRequest("\(part.name) is not valid UTF-8 text")
    }
    return value
  }

  /// Must contain more than white space.
  private static func name(_ text: String) throws(APIError) -> String {
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw .badRequest("card.name must not be empty")
    }
    return text
  }

  /// Decimal ASCII digits for an integer 0...5.
  private static func defaultImage(_ text: String) throws(APIError) -> Int {
    guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text),
      (0...5).contains(number)
    else { throw .badRequest("card.defaultImage must be an integer from 0 to 5, not \"\(text)\"") }
    return number
  }

  /// A real calendar date written `YYYY-MM-DD`, year 1 or later.
  private static func birthday(_ text: String) throws(APIError) -> String {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
    else {
      throw .badRequest("card.birthday must be a real date written YYYY-MM-DD, not \"\(text)\"")
    }
    return text
  }

  /// One letter from each pair E/I, S/N, T/F, J/P, in either case; stored uppercase. The
  /// refusal names `field`.
  static func mbti(_ text: String, field: String = "card.mbti") throws(APIError) -> String {
    let letters = Array(text.uppercased())
    let axes: [Set<Character>] = [["E", "I"], ["S", "N"], ["T", "F"], ["J", "P"]]
    guard letters.count == axes.count,
      zip(letters, axes).allSatisfy({ letter, axis in axis.contains(letter) })
    else {
      throw .badRequest(
        "\(field) must be four letters, one from each pair E/I, S/N, T/F, J/P, not \"\(text)\"")
    }
    return String(letters)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return isLeap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

/// The `image` part: a file part of type `image/jpeg` or `image/png`, at most 10 MiB, whose
/// bytes start with that type's signature.
enum ImageUpload {
  private static let maximumByteCount = 10 * 1024 * 1024

  private static let signatures: [String: (name: String, bytes: [UInt8])] = [
    "image/jpeg": ("JPEG", [0xFF, 0xD8, 0xFF]),
    "image/png": ("PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
  ]

  /// `nil` for the empty file part a browser sends when no file was chosen (an empty file
  /// name and no bytes).
  static func image(from part: FormDataPart) throws(APIError) -> StoredImage? {
    guard let filename = part.filename else {
      throw .badRequest("the image part must be a file part with a filename")
    }
    if filename.isEmpty && part.body.isEmpty { return nil }
    let declared = part.contentType.flatMap { try? ParameterizedHeader($0) }?.value.lowercased()
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
