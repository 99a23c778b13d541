import Foundation

/// The command line of `card-repl`: `[options] [FILE]`, as ``usage`` lists them.
package struct LaunchOptions: Hashable, Sendable {
  package var json = false
  package var server: URL?
  package var home: String?
  /// How long the sandbox's access tokens last, in seconds; `nil` for its hour.
  package var tokenLifetime: Int?
  package var showsHelp = false
  package var showsVersion = false
  /// `FILE` or `-f FILE`: the script to run instead of standard input.
  package var scriptFile: String?
  /// `-c`: the `;`-separated commands to run instead of standard input.
  package var commands: String?
  package var stopsOnError = false
  /// `--timeout SECONDS`, for `--server` only.
  package var requestTimeout: Duration?
  /// `--password-stdin`: a `login` without a password reads the next line of standard input.
  package var passwordFromStandardInput = false

  package init() {}

  package static let usage = """
    usage: card-repl [--json] [--server <url> [--timeout <seconds>]] [--home <dir>]
                     [--token-lifetime <seconds>] [--password-stdin] [--stop-on-error]
                     [-c <commands> | [-f] <file>]

    Explore the card service: sign in, list, search, create, reorder and delete cards. With no
    server, an in-process sandbox answers, with fault injection (type 'sandbox' commands).
    On a terminal it is interactive; piped input runs as a script, one command per line.

      --json              print one JSON object per command on standard output
      --server <url>      use the server at <url> (host:port means http://host:port)
                          instead of the sandbox
      --timeout <seconds> how long a request to the server may wait without data
                          (default: 30)
      --home <dir>        keep the session and the sandbox's state in <dir>
                          (default: $CARD_REPL_HOME, else ~/.card-repl)
      --token-lifetime <seconds>
                          the sandbox's access tokens last <seconds> (default 3600),
                          to watch them expire and refresh
      --password-stdin    a 'login <userId>' without a password reads it from the next
                          line of standard input (on a terminal it is asked for, unechoed)
      -c <commands>       run these commands, separated by ';', and leave
      -f <file>, <file>   run the script in <file>, one command per line, and leave;
                          a failure names the file and the line (file:3:)
      --stop-on-error     end a script at its first failed command
      --version           print the version
      --help              print this help

    The session is kept encrypted with a key file in the home directory, or with a key
    derived from $CARD_REPL_PASSPHRASE when it is set.

    Exit status: 0 when every command of a script succeeded, and after an interactive
    session; 1 when a command failed or card-repl could not start (a script or home it
    names cannot be used); 2 for a bad command line; 130 when Ctrl-C ended a script.
    """

  package static let version = "card-repl 1.0.0"

  /// The longest `--timeout`: a day.
  private static let maximumTimeout = 86_400.0

  /// Reads the arguments after the program's name; `--name value` and `--name=value` both
  /// work. Unknown options, positional arguments and repeated options are errors.
  package static func parse(_ arguments: [String]) throws(LaunchError) -> LaunchOptions {
    var options = LaunchOptions()
    var seen: Set<String> = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let (name, inlineValue) = split(argument)
      guard name.hasPrefix("-"), name != "-" else {
        guard options.scriptFile == nil else {
          throw LaunchError("unexpected argument '\(argument)'; give one script file")
        }
        options.scriptFile = argument
        continue
      }
      guard seen.insert(name).inserted else { throw LaunchError("\(name) is given twice") }
      func value() throws(LaunchError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
          throw LaunchError("\(name) needs a value")
        }
        return next
      }
      switch name {
      case "--json": options.json = try flag(name, inlineValue)
      case "--help", "-h": options.showsHelp = try flag(name, inlineValue)
      case "--password-stdin": options.passwordFromStandardInput = try flag(name, inlineValue)
      case "--home":
        let home = try value()
        guard !home.isEmpty else { throw LaunchError("--home needs a directory") }
        options.home = home
      case "--version": options.showsVersion = try flag(name, inlineValue)
      case "--server": options.server = try serverURL(try value())
      case "--timeout": options.requestTimeout = try timeout(try value())
      case "--stop-on-error": options.stopsOnError = try flag(name, inlineValue)
      case "-c": options.commands = try value()
      case "-f":
        guard options.scriptFile == nil else { throw LaunchError("give one script file") }
        options.scriptFile = try value()
      case "--token-lifetime": options.tokenLifetime = try seconds(name, try value())
      default: throw LaunchError("unknown option '\(name)'")
      }
    }
    if options.commands != nil, options.scriptFile != nil {
      throw LaunchError("give -c or a script file, not both")
    }
    if options.requestTimeout != nil, options.server == nil {
      throw LaunchError("--timeout applies to --server only")
    }
    return options
  }

  /// A number of seconds, more than 0 and at most a day.
  private static func timeout(_ text: String) throws(LaunchError) -> Duration {
    guard let seconds = Double(text), seconds.isFinite, seconds > 0,
      seconds <= maximumTimeout
    else {
      throw LaunchError("--timeout needs seconds, more than 0 and at most 86400, not '\(text)'")
    }
    return .milliseconds(Int64((seconds * 1000).rounded(.up)))
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func flag(_ name: String, _ inlineValue: String?) throws(LaunchError) -> Bool {
    guard inlineValue == nil else { throw LaunchError("\(name) takes no value") }
    return true
  }

  private static func seconds(_ name: String, _ text: String) throws(LaunchError) -> Int {
    guard let seconds = Int(text), (1...86_400).contains(seconds) else {
      throw LaunchError("\(name) needs whole seconds from 1 to 86400, not '\(text)'")
    }
    return seconds
  }

  /// `host:port` or a bare host is taken as plain HTTP, as psql and redis-cli take a host and
  /// port; a URL with a scheme must name http or https, in any case (`HTTP://` is `http://`).
  private static func serverURL(_ text: String) throws(LaunchError) -> URL {
    let withScheme = text.contains("://") ? text : "http://" + text
    guard var components = URLComponents(string: withScheme),
      let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = components.host, !host.isEmpty
    else { throw LaunchError("--server needs host:port or an http or https URL, not '\(text)'") }
    #if canImport(FoundationNetworking)
      // FoundationNetworking refuses every request to an IPv6 literal as a malformed URL;
      // better said now than at the first command.
      if host.contains(":") {
        throw LaunchError(
          "--server cannot use an IPv6 address on Linux ('\(text)'): URLSession there refuses"
            + " it; use a host name (localhost) or an IPv4 address (127.0.0.1)")
      }
    #endif
    components.scheme = scheme
    guard let url = components.url else {
      throw LaunchError("--server needs host:port or an http or https URL, not '\(text)'")
    }
    if let port = url.port, !(1...65_535).contains(port) {
      throw LaunchError("--server has port \(port); a port is 1 to 65535")
    }
    return url
  }
}

/// Why `card-repl` cannot start: a bad command line or environment, wrong whatever the files
/// hold (exit status 2), or a script, home, sandbox state or session store that cannot be
/// used or set up (exit status 1).
package struct LaunchError: Error, Hashable, Sendable, CustomStringConvertible {
  package let message: String

  package init(_ message: String) { self.message = message }

  package var description: String { message }
}
