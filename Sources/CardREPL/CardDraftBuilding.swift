import CardDomain
import Foundation

extension CardDraft {
  /// The draft of `card create`, each value checked by the domain's own types; the draft's
  /// other rules (a name that is not blank, a web link, the image's size) are the use case's.
  /// The domain reads no file, so the image is measured here: a relative path starts at
  /// `workingDirectory`, `~/` is the user's home.
  init(_ arguments: CardCreationArguments, workingDirectory: URL) throws(ValidationError) {
    self.init(
      name: arguments.name,
      title: arguments.title,
      birthday: try arguments.birthday.map(Birthday.init),
      mbti: try arguments.mbti.map(MBTI.init),
      instagram: arguments.instagram,
      link: try arguments.link.map { (text) throws(ValidationError) in
        guard let url = URL(string: text) else { throw .invalidLink(text) }
        return url
      },
      description: arguments.description,
      defaultImage: try arguments.defaultImage.map(DefaultImage.init) ?? .first,
      tmis: try TMIList(arguments.tmis),
      image: try arguments.imagePath.map { (path) throws(ValidationError) in
        let expanded = NSString(string: path).expandingTildeInPath
        return try CardImage(
          fileAt: expanded.hasPrefix("/")
            ? URL(fileURLWithPath: expanded) : workingDirectory.appendingPathComponent(expanded))
      })
  }
}

extension CardImage {
  /// The file at `url`, measured (through a link, if it is one), its type told by its first
  /// bytes whatever its name says; the bytes are streamed when the request is sent.
  init(fileAt url: URL) throws(ValidationError) {
    let path = url.path
    let resolved = url.resolvingSymlinksInPath()
    guard FileManager.default.fileExists(atPath: resolved.path) else {
      throw .imageUnreadable(path: path, reason: "no such file")
    }
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: resolved.path)
    } catch {
      throw .imageUnreadable(path: path, reason: "cannot be read (\(error.localizedDescription))")
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular,
      let size = attributes[.size] as? NSNumber
    else { throw .imageUnreadable(path: path, reason: "not a regular file") }
    let header: Data
    do {
      let handle = try FileHandle(forReadingFrom: resolved)
      defer { try? handle.close() }
      header = try handle.read(upToCount: ImageMIMEType.signatureLength) ?? Data()
    } catch {
      throw .imageUnreadable(path: path, reason: "cannot be read (\(error.localizedDescription))")
    }
    guard let type = ImageMIMEType(detectedIn: header) else {
      throw .notAnImage(filename: url.lastPathComponent)
    }
    self.init(
      source: .file(url, byteCount: size.int64Value), mimeType: type,
      filename: url.lastPathComponent)
  }
}
