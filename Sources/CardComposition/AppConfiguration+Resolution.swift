import Foundation

extension AppConfiguration {
  /// The environment variable that names the home directory when `--home` is not given.
  public static let homeVariable = "CARD_REPL_HOME"
  /// The environment variable whose value, when set, is the session store's passphrase.
  public static let passphraseVariable = "CARD_REPL_PASSPHRASE"

  /// The configuration for a launch: the home directory from `--home`, else
  /// `$CARD_REPL_HOME`, else `~/.card-repl`; a passphrase key when `$CARD_REPL_PASSPHRASE`
  /// is set, else a key file; the server of `--server`, else the sandbox. Relative paths
  /// start at `currentDirectory`; `~` at the start of a path is the user's home.
  public static func resolve(
    _ options: LaunchOptions, environment: [String: String], currentDirectory: URL
  ) throws(LaunchError) -> AppConfiguration {
    let userHome = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    func directory(_ path: String) -> URL {
      var path = path
      if path == "~" || path.hasPrefix("~/") { path = userHome + path.dropFirst() }
      let url =
        path.hasPrefix("/")
        ? URL(fileURLWithPath: path, isDirectory: true)
        : currentDirectory.appendingPathComponent(path, isDirectory: true)
      return url.standardizedFileURL
    }
    let home: URL
    if let path = options.home {
      home = directory(path)
    } else if let path = environment[homeVariable], !path.isEmpty {
      home = directory(path)
    } else {
      home = directory(userHome).appendingPathComponent(".card-repl", isDirectory: true)
    }
    let keySource: KeySource
    switch environment[passphraseVariable] {
    case nil: keySource = .keyFile
    case ""?:
      throw LaunchError("\(passphraseVariable) is set but empty; unset it or set a passphrase")
    case let passphrase?: keySource = .passphrase(passphrase)
    }
    return AppConfiguration(
      backend: options.server.map(Backend.server) ?? .sandbox, homeDirectory: home,
      keySource: keySource)
  }
}
