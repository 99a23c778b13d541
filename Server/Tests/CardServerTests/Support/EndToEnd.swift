import CardSandbox
import Foundation

/// What each end-to-end test starts from: a new server, a fresh `card-repl` home, and the
/// server's request log being read.
enum EndToEnd {
  /// Runs `body` against a server whose access tokens live `lifetime`, then stops reading
  /// the log and removes the home, and the server with its state, whatever happens.
  static func withREPL(
    accessTokenLifetime lifetime: Duration = .seconds(3600),
    refreshTokenReuseInterval: Duration? = nil,
    _ body: (LiveServer, CardREPLProcess, RequestLogRecorder) async throws -> Void
  ) async throws {
    try await LiveServer.with(
      accessTokenLifetime: lifetime, refreshTokenReuseInterval: refreshTokenReuseInterval
    ) { server in
      let repl = try CardREPLProcess(server: server.url)
      defer { repl.remove() }
      let log = RequestLogRecorder(server)
      await log.start()
      do {
        try await body(server, repl, log)
      } catch {
        await log.stop()
        throw error
      }
      await log.stop()
    }
  }
}
