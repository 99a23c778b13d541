import CardSandbox
import CardServer
import Foundation
import ServiceLifecycle

/// A reference server on an ephemeral loopback port, in this process, for one test: its own
/// state file, and its request log as a stream of lines.
struct LiveServer: Sendable {
  let url: URL
  let log: AsyncStream<String>
  let directory: URL
  private let group: ServiceGroup
  private let task: Task<Void, any Error>

  static func start(
    accessTokenLifetime: Duration = .seconds(3600),
    refreshTokenReuseInterval: Duration? = nil,
    limits: ConnectionLimits = .standard()
  ) async throws -> LiveServer {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-server-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let sandbox = try Sandbox(
      stateFile: directory.appendingPathComponent("state.json"),
      accessTokenLifetime: accessTokenLifetime, refreshTokenReuseInterval: refreshTokenReuseInterval
    )
    let (log, logLines) = AsyncStream.makeStream(of: String.self)
    let (urls, bound) = AsyncStream.makeStream(of: URL.self)
    let server = SandboxServer(
      sandbox: sandbox, host: "127.0.0.1", port: 0, limits: limits, log: { logLines.yield($0) })
    let group = server.serviceGroup(handlingSignals: false) { url in bound.yield(url) }
    let task = Task { try await group.run() }
    guard let url = await urls.first(where: { _ in true }) else {
      await group.triggerGracefulShutdown()
      throw CancellationError()
    }
    return LiveServer(url: url, log: log, directory: directory, group: group, task: task)
  }

  /// Stops serving, once the requests under way are answered, and removes the state.
  func stop() async {
    await group.triggerGracefulShutdown()
    _ = await task.result
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs `body` against a new server, stopping it afterwards whatever happens.
  static func with<Result>(
    accessTokenLifetime: Duration = .seconds(3600),
    refreshTokenReuseInterval: Duration? = nil,
    limits: ConnectionLimits = .standard(),
    _ body: (LiveServer) async throws -> Result
  ) async throws -> Result {
    let server = try await start(
      accessTokenLifetime: accessTokenLifetime,
      refreshTokenReuseInterval: refreshTokenReuseInterval,
      limits: limits)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }
}
