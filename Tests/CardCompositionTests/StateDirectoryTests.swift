import CardComposition
import CardTestingPrimitives
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every directory `card-repl` keeps state in (the home, `sandbox`, `session`, the session
/// store and its `keys`) is held to the session store's rule: this user's, writable by no one
/// else, never a symbolic link. One that breaks it stops the start with the step that mends
/// it, and doing that step lets the next start through.
@Suite("Application graph: the directories it keeps state in")
struct StateDirectoryTests {
  private let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  private var home: URL { directory.appending("home") }

  /// A user id that is not this process's, to give directories away to (only root can).
  private static let anotherUser: uid_t = 65_534
  private static let canGiveFilesAway = geteuid() == 0

  private func makeDirectory(_ url: URL, mode: Int = 0o700) throws {
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: mode])
  }

  /// Builds the graph over `home`; the message it stops with, or `nil` when it starts.
  private func startFailure(home: URL? = nil) -> String? {
    do {
      _ = try AppGraph(configuration: AppConfiguration(homeDirectory: home ?? self.home)) { _ in }
      return nil
    } catch {
      return error.message
    }
  }

  @Test func aLinkedSandboxDirectoryIsRefusedAndNothingIsWrittenWhereItLeads() throws {
    let elsewhere = directory.appending("elsewhere")
    try makeDirectory(elsewhere, mode: 0o755)
    try makeDirectory(home)
    let sandbox = home.appendingPathComponent("sandbox")
    try FileManager.default.createSymbolicLink(at: sandbox, withDestinationURL: elsewhere)

    #expect(
      startFailure()
        == "cannot use \(sandbox.path) as the sandbox directory: it is a symbolic link, and "
        + "card-repl follows none; remove the link, and card-repl makes the directory "
        + "(move \(elsewhere.path) there first to keep what it holds)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)

    try FileManager.default.removeItem(at: sandbox)
    #expect(startFailure() == nil)
    let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.path)
    #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    let stateFile = sandbox.appendingPathComponent("state.json")
    #expect(FileManager.default.fileExists(atPath: stateFile.path))
  }

  @Test(arguments: ["session", "session/sandbox", "session/sandbox/keys"])
  func aLinkedSessionDirectoryIsRefused(path: String) throws {
    let elsewhere = directory.appending("elsewhere")
    try makeDirectory(elsewhere)
    let link = home.appendingPathComponent(path)
    try makeDirectory(link.deletingLastPathComponent())
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)

    let failure = try #require(startFailure())
    #expect(failure.hasPrefix("cannot use \(link.path) as the session"))
    #expect(failure.contains("it is a symbolic link, and card-repl follows none; remove the link"))

    try FileManager.default.removeItem(at: link)
    #expect(startFailure() == nil)
  }

  @Test func aLinkedHomeIsRefusedAndItsTargetNamed() throws {
    let target = directory.appending("real-home")
    try makeDirectory(target)
    try FileManager.default.createSymbolicLink(at: home, withDestinationURL: target)

    #expect(
      startFailure()
        == "cannot use \(home.path) as the home directory: it is a symbolic link, and "
        + "card-repl follows none; give the directory itself with --home \(target.path) or "
        + "CARD_REPL_HOME")
    #expect(startFailure(home: target) == nil)
  }

  @Test(arguments: ["", "sandbox", "session", "session/sandbox"])
  func aDirectoryWritableByOthersIsRefusedUntilMade0700(path: String) throws {
    let writable = path.isEmpty ? home : home.appendingPathComponent(path)
    try makeDirectory(writable)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: writable.path)

    let failure = try #require(startFailure())
    #expect(failure.hasPrefix("cannot use \(writable.path) as the "))
    #expect(
      failure.hasSuffix(
        "it is writable by other users (mode 0777); make it 0700 (chmod 700 \(writable.path))"))

    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: writable.path)
    #expect(startFailure() == nil)
  }

  @Test(.enabled(if: canGiveFilesAway, "only root can give a directory to another user"))
  func aHomeOfAnotherUserIsRefusedWithAWayOut() throws {
    try makeDirectory(home)
    try #require(chown(home.path, Self.anotherUser, gid_t.max) == 0)
    #expect(
      startFailure()
        == "cannot use \(home.path) as the home directory: it belongs to another user "
        + "(uid 65534); use a home of your own with --home <dir> or CARD_REPL_HOME")
    #expect(startFailure(home: directory.appending("own")) == nil)
  }

  @Test(
    .enabled(if: canGiveFilesAway, "only root can give a directory to another user"),
    arguments: ["sandbox", "session", "session/sandbox"])
  func aDirectoryOfAnotherUserInTheHomeIsRefusedUntilMovedAside(path: String) throws {
    let given = home.appendingPathComponent(path)
    try makeDirectory(given)
    try #require(chown(given.path, Self.anotherUser, gid_t.max) == 0)
    let failure = try #require(startFailure())
    #expect(failure.hasPrefix("cannot use \(given.path) as the "))
    #expect(
      failure.hasSuffix(
        "it belongs to another user (uid 65534); move it aside (mv \(given.path) "
          + "\(given.path).old), and card-repl makes a new one"))

    try FileManager.default.moveItem(at: given, to: URL(fileURLWithPath: given.path + ".old"))
    #expect(startFailure() == nil)
  }
}
