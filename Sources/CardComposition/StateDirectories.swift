import CardPrimitives
import Foundation

/// The directories `card-repl` keeps its state in, each held to ``PrivateDirectory``'s rule
/// (this user's, writable by no one else, not a symbolic link) before anything is read from
/// or written there: the home (the history, the key file's and sessions' parents), the
/// sandbox's (its state, with live tokens), `session` and the backend's session store, and
/// the store's `keys`. A directory that breaks the rule stops the start with a message that
/// names the step that mends it; none is repaired or followed.
enum StateDirectories {
  /// Creates the missing directories with mode 0700 and checks the others, the home first.
  static func prepare(_ configuration: AppConfiguration) throws(LaunchError) {
    let home = configuration.homeDirectory
    try ensure(home, .home)
    if configuration.backend == .sandbox {
      try ensure(configuration.sandboxStateFile.deletingLastPathComponent(), .inHome("sandbox"))
    }
    let session = configuration.sessionDirectory
    try ensure(session.deletingLastPathComponent(), .inHome("session"))
    try ensure(session, .inHome("session store"))
    if configuration.keySource == .keyFile {
      try check(session.appendingPathComponent("keys"), .inHome("session key"))
    }
  }

  /// What a directory is for, which decides the step that mends it.
  private enum Role {
    case home
    /// A directory inside the home, which card-repl makes again when it is moved away.
    case inHome(String)

    var name: String {
      switch self {
      case .home: "the home directory"
      case .inHome(let name): "the \(name) directory"
      }
    }
  }

  private static func ensure(_ url: URL, _ role: Role) throws(LaunchError) {
    do {
      try PrivateDirectory.ensure(url.path)
    } catch {
      throw refusal(url, role, error)
    }
  }

  private static func check(_ url: URL, _ role: Role) throws(LaunchError) {
    do {
      _ = try PrivateDirectory.check(url.path)
    } catch {
      throw refusal(url, role, error)
    }
  }

  private static func refusal(_ url: URL, _ role: Role, _ error: PrivateDirectoryError)
    -> LaunchError
  {
    let path = url.path
    let start = "cannot use \(path) as \(role.name): "
    let elsewhere = "use a home of your own with --home <dir> or CARD_REPL_HOME"
    switch (error, role) {
    case (.symbolicLink, .home):
      guard let target = resolvedTarget(of: path) else {
        return LaunchError(start + "it is a symbolic link to nothing; remove it, or \(elsewhere)")
      }
      return LaunchError(
        start + "it is a symbolic link, and card-repl follows none; give the directory itself "
          + "with --home \(target) or CARD_REPL_HOME")
    case (.symbolicLink, .inHome):
      let keep = resolvedTarget(of: path).map { " (move \($0) there first to keep what it holds)" }
      return LaunchError(
        start + "it is a symbolic link, and card-repl follows none; remove the link, and "
          + "card-repl makes the directory\(keep ?? "")")
    case (.anotherOwner(_, let owner), .home):
      return LaunchError(start + "it belongs to another user (uid \(owner)); \(elsewhere)")
    case (.anotherOwner(_, let owner), .inHome):
      return LaunchError(
        start + "it belongs to another user (uid \(owner)); move it aside "
          + "(mv \(path) \(path).old), and card-repl makes a new one")
    case (.writableByOthers(_, let mode), _):
      return LaunchError(
        start + "it is writable by other users (mode 0\(String(mode, radix: 8))); "
          + "make it 0700 (chmod 700 \(path))")
    case (.notADirectory, .home):
      return LaunchError(start + reasonCreationFailed(url))
    case (.notADirectory, .inHome):
      return LaunchError(
        start + "it is not a directory; move it aside (mv \(path) \(path).old), and card-repl "
          + "makes the directory")
    case (.system, _):
      return LaunchError(start + reasonCreationFailed(url))
    }
  }

  /// The directory a link leads to, if it leads to one.
  private static func resolvedTarget(of path: String) -> String? {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    var isDirectory: ObjCBool = false
    guard target != path, FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return nil }
    return target
  }

  /// Why a directory cannot be made at `url`: the first ancestor that exists but is not a
  /// directory, or else the lack of permission to write there.
  private static func reasonCreationFailed(_ url: URL) -> String {
    var candidate = url
    while candidate.path != "/" {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) {
        if !isDirectory.boolValue { return "\(candidate.path) is a file, not a directory" }
        return FileManager.default.isWritableFile(atPath: candidate.path)
          ? "it cannot be created" : "\(candidate.path) is not writable"
      }
      candidate.deleteLastPathComponent()
    }
    return "it cannot be created"
  }
}
