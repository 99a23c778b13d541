import CardDomain
import Foundation

/// Builds a ``CardDomain/CardDraft`` from the typed `card create` arguments, with the
/// domain's own validation of each value. The draft's remaining rules (a name that is not
/// blank, a web link, the image's size and bytes) are checked by the use case.
struct DraftBuilder {
  /// Where relative image paths start.
  let workingDirectory: URL

  func draft(from arguments: CardCreationArguments) throws(ValidationError) -> CardDraft {
    CardDraft(
      name: arguments.name,
      title: arguments.title,
      birthday: try arguments.birthday.map { (text) throws(ValidationError) in
        try Birthday(text)
      },
      mbti: try arguments.mbti.map { (text) throws(ValidationError) in try MBTI(text) },
      instagram: arguments.instagram,
      link: try arguments.link.map { (text) throws(ValidationError) in
        guard let url = URL(string: text) else { throw .invalidLink(text) }
        return url
      },
      description: arguments.description,
      defaultImage: try arguments.defaultImage.map { (index) throws(ValidationError) in
        try DefaultImage(index)
      } ?? .first,
      tmis: try TMIList(arguments.tmis),
      image: try arguments.imagePath.map { (path) throws(ValidationError) in
        try CardImage.file(at: imageURL(path))
      })
  }

  /// The image's file URL: `~/` is the user's home, a relative path starts at the working
  /// directory.
  private func imageURL(_ path: String) -> URL {
    let expanded = NSString(string: path).expandingTildeInPath
    if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded) }
    return workingDirectory.appendingPathComponent(expanded)
  }
}
