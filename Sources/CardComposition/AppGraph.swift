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
    let store = try Self.makeStore(configuration)
    let storeAdvice = { @Sendable (signingOut: Bool) in
      Self.storeAdvice(configuration, store: store, signingOut: signingOut)
    }
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
      sandbox: sandbox.map { SandboxController(sandbox: $0, store: store, advice: storeAdvice) }
        ?? ServerSandboxController(
          baseURL: baseURL, transport: transport, store: store, advice: storeAdvice),
      requestLog: requestLog, notes: notes, backendName: backendName,
      uploadProgress: uploadProgress, storeAdvice: storeAdvice)
  }

  /// The step that mends the session store, in card-repl's words, chosen by what is wrong on
  /// disk now rather than by the failure's text: a directory that breaks the rule of
  /// ``StateDirectories`` (no command works until it is mended); a key file that cannot be
  /// used, moved aside (signing out does not replace it); a failed sign-out, tried again;
  /// otherwise a sealed file that cannot be opened, which `logout` sets aside.
  private static func storeAdvice(
    _ configuration: AppConfiguration, store: EncryptedFileCredentialStore, signingOut: Bool
  ) -> String {
    if let refusal = StateDirectories.firstRefusal(configuration) { return refusal }
    if let keyFile = store.configuration.keySource.keyFileURL, store.keyFileProblem() != nil {
      let path = keyFile.path
      return "Move the key file aside (mv \(path) \(path).old): logout then sets aside the "
        + "session it sealed, and the next login makes a new key"
    }
    if signingOut {
      return "Try again once no other card-repl holds the store, or use another home with "
        + "--home <dir>"
    }
    return "If the passphrase or key changed, restore it (CARD_REPL_PASSPHRASE); otherwise run "
      + "logout to set the file aside, then login"
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
