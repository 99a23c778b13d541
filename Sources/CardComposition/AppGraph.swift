import CardData
import CardDomain
import CardInfrastructure
import CardREPL
import CardSandbox
import CardSandboxTransport
import Foundation

/// The application's object graph, built from an ``AppConfiguration``: the one place that
/// names every concrete type.
package struct AppGraph: Sendable {
  package let services: REPLServices
  /// `nil` with a server backend.
  package let sandbox: Sandbox?

  /// Each line of the request log goes to `log` (standard error in `card-repl`), and uploads'
  /// progress to `uploadProgress`, if any. Throws when a directory it keeps state in breaks
  /// the rule of ``StateDirectories``, or the sandbox's state or the session store cannot be
  /// set up.
  package init(
    configuration: AppConfiguration, log: @escaping @Sendable (String) -> Void,
    uploadProgress: UploadProgressBar? = nil
  ) throws(LaunchError) {
    try StateDirectories.prepare(configuration)
    let transport: any HTTPTransport
    let baseURL: URL
    let backendName: String
    switch configuration.backend {
    case .sandbox:
      let sandbox = try Self.makeSandbox(configuration)
      self.sandbox = sandbox
      transport = SandboxTransport(sandbox: sandbox)
      baseURL = SandboxTransport.baseURL
      backendName = "sandbox"
    case .server(let url):
      sandbox = nil
      do {
        transport = URLSessionTransport(
          configuration: try .init(requestTimeout: configuration.requestTimeout))
      } catch {
        throw LaunchError("cannot use the server: \(error)")
      }
      baseURL = url
      backendName = url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } ?? "server"
    }
    let store = AdvisedCredentialStore(
      store: try Self.makeStore(configuration), configuration: configuration)
    let requestLog = RequestLogSwitch()
    let notes = SessionNotes()
    let retryPolicy = RetryPolicy(baseDelay: configuration.retryBaseDelay)
    // The authentication middleware tells the redactor the session's tokens, hidden from
    // every log line and error message.
    let knownTokens = KnownTokens()
    let redactor = Redactor(knownTokens: knownTokens)
    let api = CardAPI(
      baseURL: baseURL, transport: transport, store: store,
      middleware: [
        RefreshNotice(notes: notes),
        RetryNotes(notes: notes, limit: retryPolicy.limit, redactor: redactor),
      ] + (uploadProgress.map { [UploadProgress(bar: $0)] } ?? []),
      log: RequestLog(.call, redactor: redactor, isEnabled: { requestLog.isEnabled }, write: log),
      retryPolicy: retryPolicy, deadline: configuration.callDeadline, knownTokens: knownTokens)
    services = REPLServices(
      cards: api.cards, auth: api.auth,
      sandbox: Self.sandboxControls(sandbox, transport: transport, baseURL: baseURL, store: store),
      requestLog: requestLog, notes: notes, backendName: backendName,
      uploadProgress: uploadProgress)
  }

  /// The in-process sandbox's faults, or a server's admin path for a server backend.
  private static func sandboxControls(
    _ sandbox: Sandbox?, transport: any HTTPTransport, baseURL: URL, store: any CredentialStore
  ) -> any SandboxControlling {
    if let sandbox { return SandboxController(sandbox: sandbox, store: store) }
    return ServerSandboxController(baseURL: baseURL, transport: transport, store: store)
  }

  private static func makeSandbox(_ configuration: AppConfiguration) throws(LaunchError)
    -> Sandbox
  {
    let stateFile = configuration.sandboxStateFile
    do {
      return try Sandbox(
        stateFile: stateFile, accessTokenLifetime: configuration.accessTokenLifetime)
    } catch {
      throw LaunchError("\(problem(error)). \(step(for: error))")
    }
  }

  /// The sandbox's words, but for a corrupt file: its advice to start the sandbox fresh is
  /// for the sandbox's own callers, and card-repl has no such option.
  private static func problem(_ error: SandboxStateError) -> String {
    guard case .corrupt(let path, let reason) = error else { return error.description }
    return "the sandbox state file \(path) is corrupt: \(reason)"
  }

  /// What mends a sandbox state that stops the start, losing nothing: a file that is not a
  /// state is moved aside, never deleted, and one that cannot be reached is made reachable.
  /// The commands that move a database aside with SQLite's files beside it, which keep their
  /// pairing under the new name: a `-wal` file left behind would be replayed into the next
  /// database made at `path`.
  private static func moveAside(_ path: String, to suffix: String) -> String {
    let moved = "\(path).\(suffix)"
    return "with the -wal and -shm files beside it, if any (mv \(path) \(moved); "
      + "mv \(path)-wal \(moved)-wal; mv \(path)-shm \(moved)-shm)"
  }

  private static func step(for error: SandboxStateError) -> String {
    switch error {
    case .corrupt(let path, _):
      return "Move it aside \(moveAside(path, to: "corrupt")) to start the sandbox from its seed "
        + "state"
    case .unsupportedVersion(let path, _):
      return "A newer card-repl wrote it: run that one, or move it aside "
        + "\(moveAside(path, to: "newer")) to start the sandbox from its seed state"
    case .unreadable(let path, _), .unwritable(let path, _), .unlockable(let path, _):
      return "Make \(path) a file you can read and write, or start the sandbox in another home "
        + "with --home <dir>"
    case .cancelled:
      return "Start card-repl again"
    }
  }

  private static func makeStore(_ configuration: AppConfiguration) throws(LaunchError)
    -> EncryptedFileCredentialStore
  {
    let keySource: EncryptedFileCredentialStore.KeySource? =
      switch configuration.sessionKey {
      case .keyFile: nil
      case .passphrase(let passphrase): .passphrase(passphrase)
      }
    do {
      return try EncryptedFileCredentialStore(
        configuration: .init(directory: configuration.sessionDirectory, keySource: keySource))
    } catch {
      throw LaunchError("the session store cannot be set up: \(error.message)")
    }
  }
}
