import CardData
import CardDomain
import CardInfrastructure
import CardREPL
import CardSandbox
import Foundation

/// The application's object graph, built from an ``AppConfiguration``: the one place that
/// names every concrete type.
///
/// ```
/// transport      SandboxTransport(CardSandbox at <home>/sandbox/state.json)
///                or URLSessionTransport(requestTimeout) for --server
/// store          EncryptedFileCredentialStore(<home>/session, key file or passphrase)
/// monitors       SwitchableRequestLog(LoggingMonitor), RefreshNoticeMonitor(NoteBoard)
/// repositories   RemoteRepositories(baseURL, transport, store, retry policy, monitors)
/// REPL services  the use cases over the repositories, the sandbox's controls (sandbox
///                only), the log switch, the notes and the store's recovery
/// ```
public struct AppGraph: Sendable {
  /// The base URL of requests to the sandbox; `.invalid` is reserved, so it can never
  /// reach a real host.
  public static let sandboxBaseURL = URL(string: "http://sandbox.invalid")!

  /// The configuration the graph was built from.
  public let configuration: AppConfiguration
  /// What the REPL's commands act on.
  public let services: REPLServices
  /// The sandbox, for the sandbox backend.
  public let sandbox: CardSandbox?

  /// Builds the graph.
  ///
  /// - Parameters:
  ///   - configuration: backend, home directory, key source, logging, timeouts.
  ///   - log: receives each line of the request log (standard error in `card-repl`).
  /// - Throws: ``StartupError`` when the home directory, the sandbox's state or the session
  ///   store cannot be set up.
  public init(configuration: AppConfiguration, log: @escaping @Sendable (String) -> Void)
    throws(StartupError)
  {
    try Self.makePrivateDirectory(configuration.homeDirectory)
    let transport: any HTTPTransport
    let baseURL: URL
    let backendName: String
    switch configuration.backend {
    case .sandbox:
      let sandbox = try Self.makeSandbox(configuration)
      self.sandbox = sandbox
      transport = SandboxTransport(sandbox: sandbox)
      baseURL = Self.sandboxBaseURL
      backendName = "sandbox"
    case .server(let url):
      sandbox = nil
      do {
        transport = URLSessionTransport(
          configuration: try .init(requestTimeout: configuration.requestTimeout))
      } catch {
        throw StartupError("cannot use the server: \(error)")
      }
      baseURL = url
      backendName = url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } ?? "server"
    }
    let store = try Self.makeStore(configuration)
    let requestLog = SwitchableRequestLog(isEnabled: configuration.logsRequests, write: log)
    let notes = NoteBoard()
    let repositories = RemoteRepositories(
      baseURL: baseURL, transport: transport, store: store,
      options: PipelineOptions(
        monitors: [requestLog, RefreshNoticeMonitor(board: notes)],
        retryPolicy: RetryPolicy(baseDelay: configuration.retryBaseDelay)))
    self.configuration = configuration
    services = REPLServices(
      cards: repositories.cards, auth: repositories.auth,
      sandbox: sandbox.map { SandboxController(sandbox: $0, store: store) }, requestLog: requestLog,
      notes: notes,
      sessionRecovery: StoreRecovery(store: store), backendName: backendName)
  }

  private static func makePrivateDirectory(_ url: URL) throws(StartupError) {
    do {
      try FileManager.default.createDirectory(
        at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw StartupError("cannot use \(url.path) as the home directory: \(reason(for: url))")
    }
  }

  /// Why a directory cannot be made at `url`: the first ancestor that exists but is not a
  /// directory, or else the lack of permission to write there.
  private static func reason(for url: URL) -> String {
    var candidate = url
    while candidate.path != "/" {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) {
        if !isDirectory.boolValue { return "\(candidate.path) is a file, not a directory" }
        return FileManager.default.isWritableFile(atPath: candidate.path)
          ? "it cannot be created" : "\(candidate.path) is not writable"
      }
      candidate.deleteLastPathComponent()
    }
    return "it cannot be created"
  }

  private static func makeSandbox(_ configuration: AppConfiguration) throws(StartupError)
    -> CardSandbox
  {
    let stateFile = configuration.sandboxStateFile
    try makePrivateDirectory(stateFile.deletingLastPathComponent())
    do {
      return try CardSandbox(
        stateFile: stateFile, accessTokenLifetime: configuration.accessTokenLifetime)
    } catch {
      throw StartupError(
        "\(error). Delete \(stateFile.path) to start the sandbox from its seed state")
    }
  }

  private static func makeStore(_ configuration: AppConfiguration) throws(StartupError)
    -> EncryptedFileCredentialStore
  {
    let keySource: EncryptedFileCredentialStore.KeySource? =
      switch configuration.keySource {
      case .keyFile: nil
      case .passphrase(let passphrase): .passphrase(passphrase)
      }
    do {
      return try EncryptedFileCredentialStore(
        configuration: .init(directory: configuration.sessionDirectory, keySource: keySource))
    } catch {
      throw StartupError("the session store cannot be set up: \(error.message)")
    }
  }
}

/// Why the application could not start (exit status 1).
public struct StartupError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong and what to do.
  public let message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
