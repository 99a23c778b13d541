import Foundation

/// Everything the composition root needs to build the application: which backend, where
/// the home directory is, how the session store gets its key, logging and timeouts.
public struct AppConfiguration: Sendable {
  /// Where requests go.
  public enum Backend: Hashable, Sendable {
    /// The in-process sandbox, whose state lives in the home directory.
    case sandbox
    /// A real server at this base URL, over URLSession.
    case server(URL)
  }

  /// Where the session store's key comes from.
  public enum KeySource: Hashable, Sendable, CustomStringConvertible {
    /// A random key in a file of its own in the home directory (the default).
    case keyFile
    /// A key derived from a passphrase (`$CARD_REPL_PASSPHRASE`).
    case passphrase(String)

    /// `keyFile` or `passphrase(<redacted>)`: never the passphrase.
    public var description: String {
      switch self {
      case .keyFile: "keyFile"
      case .passphrase: "passphrase(<redacted>)"
      }
    }
  }

  /// Where requests go.
  public var backend: Backend
  /// The home directory: the session store and the sandbox's state.
  public var homeDirectory: URL
  /// Where the session store's key comes from.
  public var keySource: KeySource
  /// Whether the request log starts on (`log on` turns it on later).
  public var logsRequests: Bool
  /// How long a request to a server may wait without data before it fails.
  public var requestTimeout: Duration
  /// The wait before the first retry of an idempotent request; later ones double it.
  public var retryBaseDelay: Duration
  /// How long the sandbox's access tokens work.
  public var accessTokenLifetime: Duration

  /// Creates a configuration; every default is the one `card-repl` uses.
  public init(
    backend: Backend = .sandbox,
    homeDirectory: URL,
    keySource: KeySource = .keyFile,
    logsRequests: Bool = false,
    requestTimeout: Duration = .seconds(30),
    retryBaseDelay: Duration = .milliseconds(500),
    accessTokenLifetime: Duration = .seconds(3600)
  ) {
    self.backend = backend
    self.homeDirectory = homeDirectory
    self.keySource = keySource
    self.logsRequests = logsRequests
    self.requestTimeout = requestTimeout
    self.retryBaseDelay = retryBaseDelay
    self.accessTokenLifetime = accessTokenLifetime
  }

  /// The session store's directory, one per backend so that a session is only ever sent to
  /// the backend that issued it: `<home>/session/sandbox`, or
  /// `<home>/session/server-<scheme>_<host>_<port><path>` with every character but letters,
  /// digits, `.` and `-` written as `_`.
  public var sessionDirectory: URL {
    homeDirectory.appendingPathComponent("session").appendingPathComponent(backendDirectoryName)
  }

  /// The name of the backend's session directory.
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
  /// The sandbox's state file: `<home>/sandbox/state.json`.
  public var sandboxStateFile: URL {
    homeDirectory.appendingPathComponent("sandbox").appendingPathComponent("state.json")
  }
}
