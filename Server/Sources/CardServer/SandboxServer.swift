import CardSandbox
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// The reference server: one ``Sandbox`` served over HTTP/1.1 on `host` and `port`.
package struct SandboxServer: Sendable {
  package let sandbox: Sandbox
  package let host: String
  /// 0 picks a free port; ``serviceGroup(handlingSignals:onRunning:)`` reports which.
  package let port: Int
  /// Receives one line per request (``RequestLog``), from any thread.
  package let log: @Sendable (String) -> Void
  /// The idle timeout and the cap on open connections.
  package let limits: ConnectionLimits

  package init(
    sandbox: Sandbox, host: String, port: Int, limits: ConnectionLimits = .standard(),
    log: @escaping @Sendable (String) -> Void
  ) {
    self.sandbox = sandbox
    self.host = host
    self.port = port
    self.limits = limits
    self.log = log
  }

  /// The server as a service group to run: it serves until `SIGINT` or `SIGTERM` when
  /// `handlingSignals`, or until `triggerGracefulShutdown()`; then it stops accepting and lets
  /// the requests under way finish. `onRunning` receives the base URL, with the port actually
  /// bound, before the first request is read.
  package func serviceGroup(
    handlingSignals: Bool, onRunning: @escaping @Sendable (URL) async -> Void
  ) -> ServiceGroup {
    // Hummingbird's own messages only when something is wrong: the first line of output is
    // the URL, the next ones the request log.
    var logger = Logger(label: "card-server")
    logger.logLevel = .warning
    let application = Application(
      responder: SandboxResponder(sandbox: sandbox, log: log),
      server: HTTPServerBuilder { responder in
        SandboxHTTP1Channel(
          base: HTTP1Channel(
            responder: responder,
            configuration: HTTP1Channel.Configuration(
              idleTimeout: TimeAmount(limits.idleTimeout))))
      },
      configuration: ApplicationConfiguration(
        address: .hostname(host, port: port),
        availableConnectionsDelegate: MaximumAvailableConnections(
          limits.maximumConnections, logger: logger)),
      onServerRunning: { channel in await onRunning(Self.baseURL(of: channel, host: host)) },
      logger: logger)
    return ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [application],
        gracefulShutdownSignals: handlingSignals ? [.sigterm, .sigint] : [],
        logger: logger))
  }

  /// Serves until `SIGINT` or `SIGTERM`, as `card-server` does.
  package func run(onRunning: @escaping @Sendable (URL) async -> Void) async throws {
    try await serviceGroup(handlingSignals: true, onRunning: onRunning).run()
  }

  /// What `card-server` prints when `run` fails: for an address in use, which port and what
  /// to do; anything else as it is.
  package static func startFailure(_ error: any Error, host: String, port: Int) -> String {
    guard let error = error as? IOError, error.errnoCode == EADDRINUSE else { return "\(error)" }
    return "cannot listen on \(host):\(port): the address is in use; stop what holds it, or "
      + "choose another port (--port 0 takes a free one)"
  }

  /// `http://<host>:<bound port>`, an IPv6 host in brackets.
  static func baseURL(of channel: any Channel, host: String) -> URL {
    let port = channel.localAddress?.port ?? 0
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return URL(string: "http://\(shownHost):\(port)")!
  }

  /// Whether `host` names the loopback interface only; binding anything else exposes the
  /// sandbox, which is not a production server, to the network.
  package static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }
}
