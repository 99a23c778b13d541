/// The `POST /card` form: the contract's `card.*` text fields and the optional `image` file
/// part, read into a ``CardContent``.
///
/// A field may appear once; an unknown field is refused, so that a misspelt name is not
/// silently dropped. An empty optional text field counts as left out.
enum CardForm {
  private static let textFields = [
    "card.title", "card.name", "card.birthday", "card.mbti", "card.instagram", "card.linkURL",
    "card.description", "card.defaultImage",
  ]
  private static let tmiFields = ["card.firstTMI", "card.secondTMI", "card.thirdTMI"]
  private static let imageField = "image"

  /// The content of the form made of `parts`; `400`, `413` or `415` naming what is wrong.
  static func content(from parts: [FormDataPart]) throws(APIError) -> CardContent {
    let tmiParts = parts.filter { $0.name.hasPrefix("card.") && $0.name.hasSuffix("TMI") }
    guard tmiParts.count <= tmiFields.count else {
      throw .badRequest("a card has at most 3 TMIs, but the form has \(tmiParts.count)")
    }
    var text: [String: String] = [:]
    var image: StoredImage?
    var seen: Set<String> = []
    for part in parts {
      guard seen.insert(part.name).inserted else {
        throw .badRequest("the form field \(part.name) appears more than once")
      }
      if part.name == imageField {
        image = try ImageUpload.image(from: part)
      } else if textFields.contains(part.name) || tmiFields.contains(part.name) {
        text[part.name] = try value(of: part)
      } else {
        throw .badRequest(
          "unknown form field \(part.name); the fields are \(allFields.joined(separator: ", "))")
      }
    }
    func optional(_ field: String) -> String? { text[field].flatMap { $0.isEmpty ? nil : $0 } }
    return CardContent(
      title: optional("card.title"),
      name: try CardValidation.name(text["card.name"], field: "card.name"),
      birthday: try optional("card.birthday").map { text throws(APIError) in
        try CardValidation.birthday(text, field: "card.birthday")
      },
      mbti: try optional("card.mbti").map { text throws(APIError) in
        try CardValidation.mbti(text, field: "card.mbti")
      },
      instagram: optional("card.instagram"),
      linkURL: optional("card.linkURL"),
      description: optional("card.description"),
      defaultImage: try CardValidation.defaultImage(
        text["card.defaultImage"], field: "card.defaultImage"),
      tmi: tmiFields.compactMap(optional),
      image: image)
  }

  private static var allFields: [String] { textFields + tmiFields + [imageField] }

  /// The UTF-8 text of a field part; a file part is refused.
  private static func value(of part: FormDataPart) throws(APIError) -> String {
    guard part.filename == nil else {
      throw .badRequest("\(part.name) must be a text field, not a file")
    }
    guard let value = String(validating: part.body, as: UTF8.self) else {
      throw .badRequest("\(part.name) is not valid UTF-8 text")
    }
    return value
  }
}
