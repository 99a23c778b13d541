import Foundation

/// `card-server`'s command line: `[--host HOST] [--port PORT] [--state-file PATH]
/// [--token-lifetime SECONDS]`, or `--help`.
package struct ServerOptions: Equatable, Sendable {
  package var host = "127.0.0.1"
  package var port = 8080
  /// `nil`: the sandbox's own file, the one `card-repl` uses (``defaultStateFile(environment:)``).
  package var stateFile: String?
  package var accessTokenLifetimeSeconds = 3600
  package var showsHelp = false

  package init() {}

  package static let usage = """
    usage: card-server [--host HOST] [--port PORT] [--state-file PATH] [--token-lifetime SECONDS]

    Serves the card sandbox (demo/demo, guest/guest) over HTTP/1.1.
      --host HOST               the address to bind (default 127.0.0.1); the sandbox is not a
                                production server, so bind another only on a network you trust
      --port PORT               the port (default 8080); 0 picks a free one
      --state-file PATH         the sandbox's state (default: card-repl's sandbox state,
                                $CARD_REPL_HOME/sandbox/state.json or ~/.card-repl/sandbox/state.json)
      --token-lifetime SECONDS  how long an access token lives (default 3600)
    The first line printed is the server's URL; then one line per request.
    The admin path /_sandbox/ injects faults, from loopback only: see docs/reference-server.md.
    """

  /// A usage mistake, said in one sentence.
  package struct UsageError: Error, Equatable, CustomStringConvertible {
    package let description: String
  }

  package static func parse(_ arguments: [String]) throws(UsageError) -> ServerOptions {
    var options = ServerOptions()
    var rest = arguments[...]
    while let option = rest.popFirst() {
      if option == "--help" || option == "-h" {
        options.showsHelp = true
        continue
      }
      guard let value = rest.popFirst() else {
        throw UsageError(description: "\(option) needs a value; see --help")
      }
      switch option {
      case "--host":
        guard !value.isEmpty else { throw UsageError(description: "--host must not be empty") }
        options.host = value
      case "--port":
        guard let port = Int(value), (0...65535).contains(port) else {
          throw UsageError(description: "--port must be a number from 0 to 65535, not \(value)")
        }
        options.port = port
      case "--state-file":
        options.stateFile = value
      case "--token-lifetime":
        guard let seconds = Int(value), seconds >= 1 else {
          throw UsageError(
            description: "--token-lifetime must be a whole number of seconds, at least 1")
        }
        options.accessTokenLifetimeSeconds = seconds
      default:
        throw UsageError(description: "unknown option \(option); see --help")
      }
    }
    return options
  }

  /// card-repl's sandbox state file, so that the REPL's embedded sandbox and the server share
  /// one state (the file's lock keeps them consistent): `$CARD_REPL_HOME/sandbox/state.json`,
  /// else `~/.card-repl/sandbox/state.json`.
  package static func defaultStateFile(environment: [String: String]) -> URL {
    let home =
      environment["CARD_REPL_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
      .appendingPathComponent(".card-repl")
    return home.appendingPathComponent("sandbox").appendingPathComponent("state.json")
  }
}
