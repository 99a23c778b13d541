import CardComposition
import CardDomain
import CardPrimitives
import CardREPL
import CardTestingPrimitives
import Foundation
import Testing

@Suite("Application graph")
struct AppGraphTests {
  private let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  private func configuration(_ backend: AppConfiguration.Backend = .sandbox) -> AppConfiguration {
    AppConfiguration(
      backend: backend, homeDirectory: home.appending("home"), retryBaseDelay: .zero)
  }

  @Test func sandboxBackendKeepsItsStateInTheHome() async throws {
    let graph = try AppGraph(configuration: configuration()) { _ in }
    #expect(graph.sandbox != nil)
    #expect(graph.services.sandbox != nil)
    #expect(graph.services.backendName == "sandbox")
    #expect(!graph.services.requestLog.isEnabled)
    #expect(FileManager.default.fileExists(atPath: home.appending("home/sandbox/state.json").path))
    let attributes = try FileManager.default.attributesOfItem(atPath: home.appending("home").path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
  }

  @Test func serverBackendHasNoSandboxButItsControlsAndNamesTheHost() throws {
    let graph = try AppGraph(
      configuration: configuration(.server(URL(string: "http://127.0.0.1:8080/api")!))
    ) { _ in }
    #expect(graph.sandbox == nil)
    // The `sandbox` commands go to the server's admin path.
    #expect(graph.services.sandbox != nil)
    #expect(graph.services.backendName == "127.0.0.1:8080")
    #expect(!FileManager.default.fileExists(atPath: home.appending("home/sandbox").path))
  }

  @Test func signingInStoresTheSessionEncryptedInTheHome() async throws {
    let graph = try AppGraph(configuration: configuration()) { _ in }
    _ = try await graph.services.signIn.execute(userID: "demo", password: "demo")
    let sealed = try Data(contentsOf: home.appending("home/session/sandbox/credential.sealed"))
    #expect(!sealed.isEmpty)
    #expect(String(decoding: sealed, as: UTF8.self).contains("at_") == false)
    #expect(
      FileManager.default.fileExists(
        atPath: home.appending("home/session/sandbox/keys/credential.key").path))
  }

  @Test func requestLogIsOffUntilSwitchedOnAndRedacted() async throws {
    let lines = Protected<[String]>([])
    let graph = try AppGraph(configuration: configuration()) { line in
      lines.withLock { $0.append(line) }
    }
    _ = try await graph.services.signIn.execute(userID: "demo", password: "demo")
    #expect(lines.withLock { $0 }.isEmpty)
    graph.services.requestLog.setEnabled(true)
    #expect(graph.services.requestLog.isEnabled)
    _ = try await graph.services.listCards.execute()
    let logged = lines.withLock { $0 }.joined(separator: "\n")
    #expect(logged.contains("-> GET http://sandbox.invalid/cards"))
    #expect(logged.contains("Authorization: Bearer <redacted>"))
    #expect(!logged.contains("at_"))
  }

  @Test func aSuccessfulRefreshLeavesANote() async throws {
    let graph = try AppGraph(configuration: configuration()) { _ in }
    _ = try await graph.services.signIn.execute(userID: "demo", password: "demo")
    #expect(graph.services.notes.takeNotes().isEmpty)
    _ = try await graph.services.sandbox?.run(.expireToken)
    #expect(try await graph.services.listCards.execute().count == 2)
    #expect(graph.services.notes.takeNotes() == [.accessTokenRefreshed])
    #expect(graph.services.notes.takeNotes().isEmpty)
  }

  @Test func aFailedRefreshLeavesNoNote() async throws {
    let graph = try AppGraph(configuration: configuration()) { _ in }
    _ = try await graph.services.signIn.execute(userID: "demo", password: "demo")
    _ = try await graph.services.sandbox?.run(.revokeRefresh)
    _ = try await graph.services.sandbox?.run(.expireToken)
    await #expect(throws: CardError.self) { try await graph.services.listCards.execute() }
    #expect(graph.services.notes.takeNotes().isEmpty)
  }

  @Test func sandboxControlsReportTheFaults() async throws {
    let graph = try AppGraph(configuration: configuration()) { _ in }
    let controls = try #require(graph.services.sandbox)
    _ = try await controls.run(.fail(status: 503, count: 2))
    _ = try await controls.run(.offline(true))
    #expect(
      try await controls.run(.latency(milliseconds: 250))
        == SandboxFaultSummary(
          isOffline: true, latencyMilliseconds: 250, failureStatus: 503, failuresRemaining: 2))
    #expect(try await controls.run(.reset) == .none)
    await #expect {
      try await controls.run(.fail(status: 200, count: 1))
    } throws: { error in
      (error as? CommandFailure)?.result == .invalid
    }
  }

  @Test func aCorruptSandboxStateStopsTheStartWithAWayOut() throws {
    let stateFile = home.appending("home/sandbox/state.json")
    try FileManager.default.createDirectory(
      at: stateFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: stateFile)
    do {
      _ = try AppGraph(configuration: configuration()) { _ in }
      Issue.record("the graph was built over a corrupt state file")
    } catch {
      #expect(error.message.contains("corrupt"))
      #expect(error.message.contains("Move it aside with the -wal and -shm files beside it"))
      #expect(error.message.contains("mv \(stateFile.path)-wal \(stateFile.path).corrupt-wal"))
    }
  }

  @Test func aHomeThatIsAFileStopsTheStart() throws {
    try Data().write(to: home.appending("home"))
    #expect(throws: LaunchError.self) { try AppGraph(configuration: configuration()) { _ in } }
  }
}

@Suite("Application graph: a home that cannot be a directory")
struct UnusableHomeTests {
  @Test func aFileInTheWayIsNamed() throws {
    let home = try TemporaryDirectory()
    let file = home.appending("afile")
    try Data("x".utf8).write(to: file)
    for path in [file, file.appendingPathComponent("sub")] {
      let configuration = AppConfiguration(homeDirectory: path)
      #expect {
        _ = try AppGraph(configuration: configuration) { _ in }
      } throws: { error in
        (error as? LaunchError)?.message == "cannot use \(path.path) as the home directory: "
          + "\(file.path) is a file, not a directory"
      }
    }
  }
}
