import CardData
import CardDomain
import CardInfrastructure
import CardREPL
import CardSandbox
import CardTestSupport
import Foundation

/// The application's object graph, built from an ``AppConfiguration``: the one place that
/// names every concrete type. The token refresh goes through `refreshing`, a pipeline without
/// the authentication interceptor, so that a refresh never waits for itself.
package struct AppGraph: Sendable {
  package let services: REPLServices
  /// `nil` with a server backend.
  package let sandbox: CardSandbox?

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
    let requestLog = RequestLogSwitch()
    let notes = SessionNotes()
    let retryPolicy = RetryPolicy(baseDelay: configuration.retryBaseDelay)
    let clock = SystemWallClock()
    // The interceptor tells the redactor the session's tokens, hidden from every log line and
    // error message.
    let knownTokens = KnownTokens()
    let redactor = Redactor(knownTokens: knownTokens)
    let refreshing = RequestPipeline(
      baseURL: baseURL, transport: transport, interceptor: Interceptor(retriers: [retryPolicy]),
      monitors: [
        LoggingMonitor(redactor: redactor, isEnabled: { requestLog.isEnabled }, write: log),
        RefreshNoticeMonitor(notes: notes),
        RetryNoticeMonitor(notes: notes, limit: retryPolicy.limit, redactor: redactor),
      ] + (uploadProgress.map { [UploadProgressMonitor(bar: $0)] } ?? []),
      deadline: configuration.commandDeadline, redactor: redactor)
    let authentication = AuthenticationInterceptor(
      store: store, refresher: APITokenRefresher(client: refreshing, clock: clock), clock: clock,
      knownTokens: knownTokens)
    let client = refreshing.with(
      interceptor: Interceptor(adapters: [authentication], retriers: [authentication, retryPolicy]))
    services = REPLServices(
      cards: RemoteCardRepository(client: client),
      auth: RemoteAuthRepository(client: client, store: store, clock: clock),
      sandbox: Self.sandboxControls(sandbox, transport: transport, baseURL: baseURL, store: store),
      requestLog: requestLog, notes: notes, backendName: backendName,
      uploadProgress: uploadProgress)
  }

  /// The in-process sandbox's faults, or a server's admin path for a server backend.
  private static func sandboxControls(
    _ sandbox: CardSandbox?, transport: any HTTPTransport, baseURL: URL, store: any CredentialStore
  ) -> any SandboxControlling {
    if let sandbox { return SandboxController(sandbox: sandbox, store: store) }
    return ServerSandboxController(baseURL: baseURL, transport: transport, store: store)
  }

  private static func makeSandbox(_ configuration: AppConfiguration) throws(LaunchError)
    -> CardSandbox
  {
    let stateFile = configuration.sandboxStateFile
    do {
      return try CardSandbox(
        stateFile: stateFile, accessTokenLifetime: configuration.accessTokenLifetime)
    } catch {
      throw LaunchError(
        "\(error). Delete \(stateFile.path) to start the sandbox from its seed state")
    }
  }

  private static func makeStore(_ configuration: AppConfiguration) throws(LaunchError)
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
      throw LaunchError("the session store cannot be set up: \(error.message)")
    }
  }
}
