import CardComposition
import CardDomain
import CardREPL
import CardREPLTestSupport
import CardTestingPrimitives
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every piece of advice card-repl gives for its home, its session store and the sandbox's
/// state names a step that works: each test makes the trouble, reads the advice, does what it
/// says, and the next command succeeds. None advises `logout` where `logout` is refused too,
/// nor deleting a file.
@Suite("Application graph: advice that works")
struct StoreAdviceTests {
  private let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  private var home: URL { directory.appending("home") }
  private var storeDirectory: URL { home.appendingPathComponent("session/sandbox") }
  private var keyFile: URL { storeDirectory.appendingPathComponent("keys/credential.key") }
  private var stateFile: URL { home.appendingPathComponent("sandbox/state.json") }

  private static let anotherUser: uid_t = 65_534
  private static let canGiveFilesAway = geteuid() == 0
  private static let logoutAdvice = "run logout to set the file aside"

  private func graph() throws(LaunchError) -> AppGraph {
    try AppGraph(
      configuration: AppConfiguration(homeDirectory: home, retryBaseDelay: .zero)
    ) { _ in }
  }

  private func signedIn() async throws -> AppGraph {
    let graph = try graph()
    _ = try await graph.services.signIn.execute(userID: "demo", password: "demo")
    return graph
  }

  /// The message `command` fails with, as the REPL prints it, advice included.
  private func failure(of command: String, _ graph: AppGraph) async -> String? {
    let session = REPLSession(
      services: graph.services, console: CapturingConsole(), mode: .json,
      workingDirectory: directory.url)
    guard case .failure(let failure)? = await session.execute(command) else { return nil }
    return failure.message
  }

  private func whoamiFailure(_ graph: AppGraph) async -> String? {
    await failure(of: "whoami", graph)
  }

  private func logoutFailure(_ graph: AppGraph) async -> String? {
    await failure(of: "logout", graph)
  }

  private func startFailure() -> String? {
    do {
      _ = try graph()
      return nil
    } catch {
      return error.message
    }
  }

  private func setMode(_ mode: Int, of url: URL) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
  }

  @Test func aKeyFileOfTheWrongSizeIsMovedAsideNotLoggedOutOf() async throws {
    _ = try await signedIn()
    try Data(repeating: 7, count: 16).write(to: keyFile)
    // The next run: a store sees a change to the key file alone once the sealed file changes.
    let graph = try graph()

    let advice = try #require(await whoamiFailure(graph))
    #expect(
      advice.hasSuffix(
        "Move the key file aside (mv \(keyFile.path) \(keyFile.path).old): logout then sets "
          + "aside the session it sealed, and the next login makes a new key"))
    #expect(!advice.contains(Self.logoutAdvice))

    try FileManager.default.moveItem(at: keyFile, to: URL(fileURLWithPath: keyFile.path + ".old"))
    _ = try await graph.services.signOut.execute()
    _ = try await graph.services.signIn.execute(userID: "demo", password: "demo")
    #expect(try await graph.services.currentUser.execute()?.userID.rawValue == "demo")
  }

  @Test func aStoreOpenedToOthersDuringTheRunNamesChmodForEveryCommandAndLogout() async throws {
    let graph = try await signedIn()
    try setMode(0o777, of: storeDirectory)

    let step =
      "The session store directory \(storeDirectory.path): it is writable by other users "
      + "(mode 0777); make it 0700 (chmod 700 \(storeDirectory.path))"
    for advice in [await whoamiFailure(graph), await logoutFailure(graph)] {
      #expect(advice?.hasSuffix(step) == true, "\(advice ?? "no failure")")
      #expect(advice?.contains(Self.logoutAdvice) == false)
    }

    try setMode(0o700, of: storeDirectory)
    #expect(try await graph.services.currentUser.execute()?.userID.rawValue == "demo")
  }

  @Test(.enabled(if: canGiveFilesAway, "only root can give a directory to another user"))
  func aStoreGivenToAnotherUserDuringTheRunIsMovedAsideNotLoggedOutOf() async throws {
    let graph = try await signedIn()
    try #require(chown(storeDirectory.path, Self.anotherUser, gid_t.max) == 0)

    let step =
      "The session store directory \(storeDirectory.path): it belongs to another user "
      + "(uid 65534); move it aside (mv \(storeDirectory.path) \(storeDirectory.path).old), "
      + "and card-repl makes a new one"
    for advice in [await whoamiFailure(graph), await logoutFailure(graph)] {
      #expect(advice?.hasSuffix(step) == true, "\(advice ?? "no failure")")
      #expect(advice?.contains(Self.logoutAdvice) == false)
    }

    try FileManager.default.moveItem(
      at: storeDirectory, to: URL(fileURLWithPath: storeDirectory.path + ".old"))
    _ = try await graph.services.signIn.execute(userID: "demo", password: "demo")
    #expect(try await graph.services.currentUser.execute()?.userID.rawValue == "demo")
  }

  /// The owner's mode bits decide, so that the test holds for root, whom no mode stops.
  @Test(arguments: ["", "sandbox", "session/sandbox"])
  func aReadOnlyDirectoryStopsTheStartWithChmod(path: String) throws {
    _ = try graph()
    let readOnly = path.isEmpty ? home : home.appendingPathComponent(path)
    try setMode(0o500, of: readOnly)
    defer { try? setMode(0o700, of: readOnly) }

    let failure = try #require(startFailure())
    #expect(failure.hasPrefix("cannot use \(readOnly.path) as the "))
    #expect(
      failure.hasSuffix(
        "it is read-only to its owner (mode 0500); make it 0700 (chmod 700 \(readOnly.path))"))
    #expect(!failure.contains("Delete"))

    try setMode(0o700, of: readOnly)
    #expect(startFailure() == nil)
  }

  @Test func aCorruptSandboxStateIsMovedAsideNotDeleted() throws {
    _ = try graph()
    try Data("not json".utf8).write(to: stateFile)
    let path = stateFile.path
    let wal = URL(fileURLWithPath: path + "-wal")
    try Data("an earlier database's log".utf8).write(to: wal)

    #expect(
      startFailure()
        == "the sandbox state file \(path) is corrupt: it is neither an SQLite database nor a "
        + "JSON state. Move it aside with the -wal and -shm files beside it, if any (mv \(path) "
        + "\(path).corrupt; mv \(path)-wal \(path).corrupt-wal; mv \(path)-shm "
        + "\(path).corrupt-shm) to start the sandbox from its seed state")

    let corrupt = URL(fileURLWithPath: path + ".corrupt")
    try FileManager.default.moveItem(at: stateFile, to: corrupt)
    try FileManager.default.moveItem(at: wal, to: URL(fileURLWithPath: path + ".corrupt-wal"))
    #expect(startFailure() == nil)
    #expect(try Data(contentsOf: corrupt) == Data("not json".utf8))
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: path + ".corrupt-wal"))
        == Data("an earlier database's log".utf8))
  }

  @Test func aSandboxStateOfANewerFormatIsKept() throws {
    _ = try graph()
    try Data(#"{"version": 99}"#.utf8).write(to: stateFile)

    let failure = try #require(startFailure())
    #expect(
      failure.hasSuffix(
        "A newer card-repl wrote it: run that one, or move it aside with the -wal and -shm "
          + "files beside it, if any (mv \(stateFile.path) \(stateFile.path).newer; "
          + "mv \(stateFile.path)-wal \(stateFile.path).newer-wal; mv \(stateFile.path)-shm "
          + "\(stateFile.path).newer-shm) to start the sandbox from its seed state"))
    #expect(!failure.contains("Delete"))
  }

  @Test func aSandboxStateThatCannotBeOpenedNamesTheFileNotADeletion() throws {
    _ = try graph()
    // Unusable for root too: the database's place holds a folder.
    try FileManager.default.removeItem(at: stateFile)
    try FileManager.default.createDirectory(at: stateFile, withIntermediateDirectories: false)

    let failure = try #require(startFailure())
    #expect(
      failure.hasSuffix(
        "Make \(stateFile.path) a file you can read and write, or start the sandbox in another "
          + "home with --home <dir>"))
    #expect(!failure.contains("Delete"))

    try FileManager.default.removeItem(at: stateFile)
    #expect(startFailure() == nil)
  }

}
