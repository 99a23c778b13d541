import CardDomain

extension MultipartFormData {
  /// The `cardCreation` form for a draft, with the contract's part names in the contract's
  /// order: `card.title`, `card.name`, `card.birthday`, `card.mbti`, `card.instagram`,
  /// `card.linkURL`, `card.description`, `card.defaultImage` (always sent), `card.firstTMI`,
  /// `card.secondTMI`, `card.thirdTMI`, then the `image` file part.
  ///
  /// Absent fields send no part; text is sent as given (``CreateCardUseCase`` validates the
  /// draft first). An image in memory becomes a data part; an image file becomes a file part
  /// that is streamed from disk when the form is encoded.
  public init(cardCreation draft: CardDraft, boundary: String = MultipartFormData.randomBoundary())
  {
    self.init(boundary: boundary)
    appendIfPresent(draft.title, name: "card.title")
    append(draft.name, name: "card.name")
    appendIfPresent(draft.birthday?.description, name: "card.birthday")
    appendIfPresent(draft.mbti?.rawValue, name: "card.mbti")
    appendIfPresent(draft.instagram, name: "card.instagram")
    appendIfPresent(draft.link?.absoluteString, name: "card.linkURL")
    appendIfPresent(draft.description, name: "card.description")
    append(String(draft.defaultImage.index), name: "card.defaultImage")
    for (line, name) in zip(draft.tmis, Self.tmiPartNames) {
      append(line, name: name)
    }
    if let image = draft.image {
      appendImage(image)
    }
  }

  /// The part names of the first, second and third TMI line.
  private static let tmiPartNames = ["card.firstTMI", "card.secondTMI", "card.thirdTMI"]

  private mutating func appendIfPresent(_ text: String?, name: String) {
    if let text { append(text, name: name) }
  }

  private mutating func appendImage(_ image: CardImage) {
    switch image.source {
    case .bytes(let data):
      append(data, name: "image", filename: image.filename, contentType: image.mimeType.rawValue)
    case .file(let url):
      appendFile(
        at: url, name: "image", filename: image.filename, contentType: image.mimeType.rawValue)
    }
  }
}
