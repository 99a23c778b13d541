import CardInfrastructure
import CardPrimitives
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The directories `card-repl` keeps its state in, each held to ``PrivateDirectory``'s rule
/// (this user's, writable by no one else, not a symbolic link) before anything is read from
/// or written there, and writable by this user, since card-repl writes in each: the home (the
/// history, the parent of the rest), the sandbox's (its state, with live tokens), `session`,
/// the backend's session store and the store's key directory. A directory that breaks the
/// rule stops the start with a message that names the step that mends it; none is repaired
/// or followed.
enum StateDirectories {
  /// Creates the missing directories with mode 0700 and checks the others, the home first.
  static func prepare(_ configuration: AppConfiguration) throws(LaunchError) {
    for (url, role) in directories(configuration) {
      do throws(Refusal) {
        if role.isMadeAtStart {
          try ensure(url)
        } else {
          try check(url)
        }
      } catch {
        throw LaunchError("cannot use \(url.path) as \(role.name): \(error.message(url, role))")
      }
    }
  }

  /// The first directory that breaks the rule now, with the step that mends it (`The
  /// session directory /…: it is …; make it 0700 …`); `nil` when every one that exists keeps
  /// it. Nothing is created.
  static func firstRefusal(_ configuration: AppConfiguration) -> String? {
    for (url, role) in directories(configuration) {
      do throws(Refusal) {
        try check(url)
      } catch {
        let name = role.name.prefix(1).uppercased() + role.name.dropFirst()
        return "\(name) \(url.path): \(error.message(url, role))"
      }
    }
    return nil
  }

  /// What a directory is for, which decides the step that mends it.
  private enum Role {
    case home
    /// A directory inside the home, which card-repl makes again when it is moved away.
    case inHome(String)
    /// The store's key directory, made with the key on the first sign-in.
    case keys

    var name: String {
      switch self {
      case .home: "the home directory"
      case .inHome(let name): "the \(name) directory"
      case .keys: "the session key directory"
      }
    }

    var isMadeAtStart: Bool {
      if case .keys = self { return false }
      return true
    }
  }

  /// The directories in the order they are checked, each after the one that holds it.
  private static func directories(_ configuration: AppConfiguration) -> [(URL, Role)] {
    var directories: [(URL, Role)] = [(configuration.homeDirectory, .home)]
    if configuration.backend == .sandbox {
      directories.append(
        (configuration.sandboxStateFile.deletingLastPathComponent(), .inHome("sandbox")))
    }
    let session = configuration.sessionDirectory
    directories.append((session.deletingLastPathComponent(), .inHome("session")))
    directories.append((session, .inHome("session store")))
    if configuration.sessionKey == .keyFile {
      let key = EncryptedFileCredentialStore.Configuration.defaultKeyFileURL(in: session)
      directories.append((key.deletingLastPathComponent(), .keys))
    }
    return directories
  }

  /// Why a directory is refused: the shared rule's reason, or one its owner cannot write.
  private enum Refusal: Error {
    case rule(PrivateDirectoryError)
    case readOnly(mode: mode_t)

    func message(_ url: URL, _ role: Role) -> String {
      let path = url.path
      let elsewhere = "use a home of your own with --home <dir> or CARD_REPL_HOME"
      let moveAside = "move it aside (mv \(path) \(path).old), and card-repl makes a new one"
      switch (self, role) {
      case (.readOnly(let mode), _):
        return "it is read-only to its owner (mode 0\(String(mode, radix: 8))); "
          + "make it 0700 (chmod 700 \(path))"
      case (.rule(.symbolicLink), .home):
        guard let target = resolvedTarget(of: path) else {
          return "it is a symbolic link to nothing; remove it, or \(elsewhere)"
        }
        return "it is a symbolic link, and card-repl follows none; give the directory itself "
          + "with --home \(target) or CARD_REPL_HOME"
      case (.rule(.symbolicLink), _):
        let keep = resolvedTarget(of: path).map {
          " (move \($0) there first to keep what it holds)"
        }
        return "it is a symbolic link, and card-repl follows none; remove the link, and "
          + "card-repl makes the directory\(keep ?? "")"
      case (.rule(.anotherOwner(_, let owner)), .home):
        return "it belongs to another user (uid \(owner)); \(elsewhere)"
      case (.rule(.anotherOwner(_, let owner)), _):
        return "it belongs to another user (uid \(owner)); \(moveAside)"
      case (.rule(.writableByOthers(_, let mode)), _):
        return "it is writable by other users (mode 0\(String(mode, radix: 8))); "
          + "make it 0700 (chmod 700 \(path))"
      case (.rule(.notADirectory), .home):
        return reasonCreationFailed(url)
      case (.rule(.notADirectory), _):
        return "it is not a directory; \(moveAside)"
      case (.rule(.system), _):
        return reasonCreationFailed(url)
      }
    }
  }

  private static func ensure(_ url: URL) throws(Refusal) {
    do { try PrivateDirectory.ensure(url.path) } catch { throw .rule(error) }
    try requireWritable(url)
  }

  private static func check(_ url: URL) throws(Refusal) {
    let exists: Bool
    do { exists = try PrivateDirectory.check(url.path) } catch { throw .rule(error) }
    if exists { try requireWritable(url) }
  }

  /// The owner's bits, not `access(2)`, so that root is held to what the owner would meet.
  private static func requireWritable(_ url: URL) throws(Refusal) {
    var info = stat()
    guard lstat(url.path, &info) == 0 else { return }
    let mode = info.st_mode & 0o777
    if mode & 0o300 != 0o300 { throw .readOnly(mode: mode) }
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
