#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What keeps idle or slow peers from holding the server's file descriptors, with
/// Hummingbird's own mechanisms: docs/reference-server.md gives the values and the reasons.
///
/// Running out of descriptors is not an error the server can answer: on Linux, libdispatch
/// (under Swift concurrency) opens `/proc/<tid>/stat` for each of its worker threads every
/// second, and traps when that `open` fails with `EMFILE`. So the server must never reach the
/// limit, whatever its peers do: it accepts at most ``maximumConnections`` connections, half
/// the descriptor limit, and leaves the other half to the state file, its lock and temporary
/// files, NIO's event loops and libdispatch. Connections past the cap wait in the kernel's
/// listen backlog until ``idleTimeout`` frees a place.
package struct ConnectionLimits: Sendable, Equatable {
  /// How long a connection may stay without a complete request head: after it opened (the
  /// header-read timeout), after its last answer (the keep-alive timeout), and while a body
  /// stops arriving. Hummingbird's `HTTP1Channel` idle timeout, which counts HTTP parts, not
  /// bytes, so a peer sending its head one byte at a time is closed all the same. A request
  /// whose answer is under way (an injected latency) is never closed by it.
  package var idleTimeout: Duration
  /// The most connections open at once; Hummingbird's `MaximumAvailableConnections`, which
  /// stops accepting at the cap and accepts again as connections close.
  package var maximumConnections: Int

  package init(idleTimeout: Duration, maximumConnections: Int) {
    self.idleTimeout = idleTimeout
    self.maximumConnections = maximumConnections
  }

  /// Long enough for any client on a busy machine to send a request head, short enough that
  /// peers holding connections without a request give them back within seconds.
  package static let standardIdleTimeout = Duration.seconds(10)
  /// A reference sandbox for one developer's clients needs no more.
  package static let standardMaximumConnections = 1000

  /// The limits for a process that may open `descriptorLimit` descriptors: the standard idle
  /// timeout, and at most half the descriptors for connections (at least one, at most
  /// ``standardMaximumConnections``).
  package static func standard(descriptorLimit: Int) -> ConnectionLimits {
    ConnectionLimits(
      idleTimeout: standardIdleTimeout,
      maximumConnections: min(standardMaximumConnections, max(1, descriptorLimit / 2)))
  }

  /// The limits for this process, from its current `RLIMIT_NOFILE` (`ulimit -n`).
  package static func standard() -> ConnectionLimits {
    standard(descriptorLimit: descriptorLimit())
  }

  /// This process's soft limit on open descriptors; `Int.max` when unlimited or unknown.
  package static func descriptorLimit() -> Int {
    var limit = rlimit()
    #if canImport(Glibc)
      let result = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    #else
      let result = getrlimit(RLIMIT_NOFILE, &limit)
    #endif
    guard result == 0 else { return .max }
    return Int(exactly: limit.rlim_cur) ?? .max
  }
}
