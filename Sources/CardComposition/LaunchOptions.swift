import Foundation

/// The command line of `card-repl`: `[--json] [--server <url>] [--home <dir>] [--help]`.
package struct LaunchOptions: Hashable, Sendable {
  package var json = false
  package var server: URL?
  package var home: String?
  package var showsHelp = false
  /// `--password-stdin`: a `login` without a password reads the next line of standard input.
  package var passwordFromStandardInput = false

  package init() {}

  package static let usage = """
    usage: card-repl [--json] [--server <url>] [--home <dir>] [--password-stdin]

    Explore the card service: sign in, list, create, reorder and delete cards. With no
    server, an in-process sandbox answers, with fault injection (type 'sandbox' commands).
    On a terminal it is interactive; piped input runs as a script, one command per line.

      --json           print one JSON object per command on standard output
      --server <url>   use the server at <url> instead of the sandbox
      --home <dir>     keep the session and the sandbox's state in <dir>
                       (default: $CARD_REPL_HOME, else ~/.card-repl)
      --password-stdin a 'login <userId>' without a password reads it from the next
                       line of standard input (on a terminal it is asked for, unechoed)
      --help           print this help

    The session is kept encrypted with a key file in the home directory, or with a key
    derived from $CARD_REPL_PASSPHRASE when it is set.

    A script exits with 0 when every command succeeded, 1 when any failed, 2 for a bad
    command line.
    """

  /// Reads the arguments after the program's name; `--name value` and `--name=value` both
  /// work. Unknown options, positional arguments and repeated options are errors.
  package static func parse(_ arguments: [String]) throws(LaunchError) -> LaunchOptions {
    var options = LaunchOptions()
    var seen: Set<String> = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let (name, inlineValue) = split(argument)
      guard name.hasPrefix("-") else {
        throw LaunchError("unexpected argument '\(argument)'")
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
      case "--server": options.server = try serverURL(try value())
      default: throw LaunchError("unknown option '\(name)'")
      }
    }
    return options
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

  private static func serverURL(_ text: String) throws(LaunchError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty
    else { throw LaunchError("--server needs an http or https URL, not '\(text)'") }
    return url
  }
}

/// Why `card-repl` cannot start: a bad command line or environment (exit status 2), or a
/// home, sandbox state or session store that cannot be set up (exit status 1).
package struct LaunchError: Error, Hashable, Sendable, CustomStringConvertible {
  package let message: String

  package init(_ message: String) { self.message = message }

  package var description: String { message }
}
