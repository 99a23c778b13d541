import CardDomain
import Foundation

/// The `key=value` arguments of `card create`, as typed: `tmi` may be given several times, in
/// order, every other key at most once. The values are checked as the draft is built, when the
/// command runs.
package struct CardCreationArguments: Hashable, Sendable {
  /// In the order help lists them.
  static let keys = [
    "name", "title", "birthday", "mbti", "instagram", "link", "description", "defaultImage",
    "tmi", "image",
  ]

  /// By key, every key but `tmi`: always `name`, and the optional keys whose value is not empty.
  package let values: [String: String]
  package let tmis: [String]

  /// Every key known, each at most once except `tmi`, and `name` present.
  init(_ arguments: CommandArguments) throws(UsageError) {
    let command = arguments.spec.name
    var values: [String: String] = [:]
    var tmis: [String] = []
    for argument in arguments.words {
      guard let equals = argument.firstIndex(of: "=") else {
        throw arguments.error("expected key=value, not '\(argument)'")
      }
      let key = String(argument[..<equals])
      let value = String(argument[argument.index(after: equals)...])
      guard Self.keys.contains(key) else {
        let known = Self.keys.joined(separator: ", ")
        throw UsageError(
          command: command, "unknown key '\(key)' for card create; the keys are \(known)")
      }
      if key == "tmi" {
        tmis.append(value)
      } else if values.updateValue(value, forKey: key) != nil {
        throw UsageError(
          command: command, "'\(key)' is given twice; only tmi may be given more than once")
      }
    }
    guard values["name"] != nil else { throw arguments.error("card create needs name=<text>") }
    self.values = values.filter { $0.key == "name" || !$0.value.isEmpty }
    self.tmis = tmis
  }
}

extension CardDraft {
  /// The draft of `card create`, each value checked by the domain's own types; the draft's
  /// other rules (a name that is not blank, a web link, the image's size) are the use case's.
  /// The domain reads no file, so the image is measured here: a relative path starts at
  /// `workingDirectory`, `~/` is the user's home.
  init(_ arguments: CardCreationArguments, workingDirectory: URL) throws(CommandFailure) {
    let values = arguments.values
    // Whether it is a number at all is the REPL's question, asked before any of the domain's.
    let defaultImage = try values["defaultImage"].map { (text) throws(CommandFailure) in
      guard let index = Int(text) else {
        throw CommandFailure(.invalid, "defaultImage must be a number from 0 to 5, not '\(text)'")
      }
      return index
    }
    do throws(ValidationError) {
      self.init(
        name: values["name", default: ""],
        title: values["title"],
        birthday: try values["birthday"].map(Birthday.init),
        mbti: try values["mbti"].map(MBTI.init),
        instagram: values["instagram"],
        link: try values["link"].map { (text) throws(ValidationError) in
          guard let url = URL(string: text) else { throw .invalidLink(text) }
          return url
        },
        description: values["description"],
        defaultImage: try defaultImage.map(DefaultImage.init) ?? .first,
        tmis: try TMIList(arguments.tmis),
        image: try values["image"].map { (path) throws(ValidationError) in
          let expanded = NSString(string: path).expandingTildeInPath
          return try CardImage(
            fileAt: expanded.hasPrefix("/")
              ? URL(fileURLWithPath: expanded) : workingDirectory.appendingPathComponent(expanded))
        })
    } catch {
      throw CommandFailure(.invalidInput(error))
    }
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
    let size: NSNumber
    let header: Data
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: resolved.path)
      guard attributes[.type] as? FileAttributeType == .typeRegular,
        let byteCount = attributes[.size] as? NSNumber
      else { throw ValidationError.imageUnreadable(path: path, reason: "not a regular file") }
      size = byteCount
      let handle = try FileHandle(forReadingFrom: resolved)
      defer { try? handle.close() }
      header = try handle.read(upToCount: ImageMIMEType.signatureLength) ?? Data()
    } catch let error as ValidationError {
      throw error
    } catch {
      throw .imageUnreadable(path: path, reason: "cannot be read (\(error.localizedDescription))")
    }
    guard let type = ImageMIMEType(detectedIn: header) else {
      throw .notAnImage(path: path)
    }
    self.init(
      source: .file(url, byteCount: size.int64Value), mimeType: type,
      filename: url.lastPathComponent)
  }
}
