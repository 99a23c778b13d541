import CardData
import Foundation

/// Everything the composition root needs to build the application; every default but
/// ``callDeadline`` is the one `card-repl` uses.
package struct AppConfiguration: Sendable {
  package enum Backend: Hashable, Sendable, CustomStringConvertible {
    /// The in-process sandbox, whose state lives in the home directory.
    case sandbox
    /// A server at this base URL, over URLSession.
    case server(URL)

    /// For the banner: never a password the URL carries.
    package var description: String {
      switch self {
      case .sandbox: "sandbox (demo/demo, guest/guest)"
      case .server(let url): "server \(Redactor.standard.redact(url: url))"
      }
    }
  }

  /// The session store's key: a random key in a file of its own in the home directory, or
  /// one derived from `$CARD_REPL_PASSPHRASE`.
  package enum SessionKey: Hashable, Sendable, CustomStringConvertible {
    case keyFile
    case passphrase(String)

    /// Never the passphrase.
    package var description: String {
      switch self {
      case .keyFile: "keyFile"
      case .passphrase: "passphrase(<redacted>)"
      }
    }
  }

  package var backend: Backend
  /// Holds the session store and the sandbox's state.
  package var homeDirectory: URL
  package var sessionKey: SessionKey
  /// How long a request to a server may wait without data before it fails.
  package var requestTimeout: Duration
  /// The wait before the first retry of an idempotent request; later ones double it.
  package var retryBaseDelay: Duration
  package var accessTokenLifetime: Duration
  /// How long each call of a command may take, every attempt and delay included. The program's launch sets
  /// the production one; tests run without, since on a busy machine a test may be paused for
  /// longer than a command may take (the deadline has tests of its own, on a fake clock).
  package var callDeadline: CallDeadline?

  package init(
    backend: Backend = .sandbox,
    homeDirectory: URL,
    sessionKey: SessionKey = .keyFile,
    requestTimeout: Duration = .seconds(30),
    retryBaseDelay: Duration = .milliseconds(500),
    accessTokenLifetime: Duration = .seconds(3600),
    callDeadline: CallDeadline? = nil
  ) {
    self.backend = backend
    self.homeDirectory = homeDirectory
    self.sessionKey = sessionKey
    self.requestTimeout = requestTimeout
    self.retryBaseDelay = retryBaseDelay
    self.accessTokenLifetime = accessTokenLifetime
    self.callDeadline = callDeadline
  }

  /// The session store's directory, one per backend so that a session is only ever sent to
  /// the backend that issued it: `<home>/session/sandbox`, or
  /// `<home>/session/server-<scheme>_<host>_<port><path>` with every character but letters,
  /// digits, `.` and `-` written as `_`.
  package var sessionDirectory: URL {
    homeDirectory.appendingPathComponent("session").appendingPathComponent(backendDirectoryName)
  }

  private var backendDirectoryName: String {
    switch backend {
    case .sandbox:
      return "sandbox"
    case .server(let url):
      let scheme = url.scheme?.lowercased() ?? "http"
      let port = url.port ?? (scheme == "https" ? 443 : 80)
      var path = url.path(percentEncoded: true)
      while path.hasSuffix("/") { path.removeLast() }
      let name = "\(scheme)_\((url.host ?? "").lowercased())_\(port)\(path)"
      let safe = String(
        name.unicodeScalars.map { scalar in
          scalar.isASCII
            && (CharacterSet.alphanumerics.contains(scalar) || "-.".unicodeScalars.contains(scalar))
            ? Character(scalar) : "_"
        })
      return "server-" + safe.prefix(120)
    }
  }

  package var sandboxStateFile: URL {
    homeDirectory.appendingPathComponent("sandbox").appendingPathComponent("state.json")
  }

  static let passphraseVariable = "CARD_REPL_PASSPHRASE"

  /// The configuration for a launch: the home directory from `--home`, else
  /// `$CARD_REPL_HOME`, else `~/.card-repl`; a passphrase key when `$CARD_REPL_PASSPHRASE`
  /// is set, else a key file; the server of `--server`, else the sandbox. Relative paths
  /// start at `currentDirectory`; `~` at the start of a path is the user's home.
  package static func resolve(
    _ options: LaunchOptions, environment: [String: String], currentDirectory: URL
  ) throws(LaunchError) -> AppConfiguration {
    func nonEmpty(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }
    let userHome = nonEmpty(environment["HOME"]) ?? NSHomeDirectory()
    func directory(_ path: String) -> URL {
      var path = path
      if path == "~" || path.hasPrefix("~/") { path = userHome + path.dropFirst() }
      let url =
        path.hasPrefix("/")
        ? URL(fileURLWithPath: path, isDirectory: true)
        : currentDirectory.appendingPathComponent(path, isDirectory: true)
      return url.standardizedFileURL
    }
    let home =
      (options.home ?? nonEmpty(environment["CARD_REPL_HOME"])).map(directory)
      ?? directory(userHome).appendingPathComponent(".card-repl", isDirectory: true)
    let sessionKey: SessionKey
    switch environment[passphraseVariable] {
    case nil: sessionKey = .keyFile
    case ""?:
      throw LaunchError("\(passphraseVariable) is set but empty; unset it or set a passphrase")
    case let passphrase?: sessionKey = .passphrase(passphrase)
    }
    if options.tokenLifetime != nil, options.server != nil {
      throw LaunchError("--token-lifetime sets the sandbox's tokens; a server sets its own")
    }
    return AppConfiguration(
      backend: options.server.map(Backend.server) ?? .sandbox, homeDirectory: home,
      sessionKey: sessionKey, requestTimeout: options.requestTimeout ?? .seconds(30),
      accessTokenLifetime: .seconds(options.tokenLifetime ?? 3600),
      callDeadline: CallDeadline())
  }
}
