import CardDomain
import Foundation

/// The Data layer assembled over its two ports: the card and auth repositories sharing one
/// pipeline with the authentication interceptor and the retry policy.
///
/// ```
/// refresh client:  retry policy                          → transport
/// card client:     auth interceptor, then retry policy   → transport
/// ```
/// The token refresh goes through the refresh client, which has no authentication
/// interceptor, so a refresh never waits for itself.
public struct RemoteRepositories: Sendable {
  /// The cards of the signed-in user.
  public let cards: RemoteCardRepository
  /// Signing in and out.
  public let auth: RemoteAuthRepository
  /// The interceptor that adds and refreshes the credential.
  public let authentication: AuthenticationInterceptor

  /// Assembles the repositories.
  ///
  /// - Parameters:
  ///   - baseURL: the server's base URL.
  ///   - transport: sends the requests.
  ///   - store: keeps the credential.
  ///   - options: clock, sleeper, monitors, retry and refresh settings.
  public init(
    baseURL: URL,
    transport: any HTTPTransport,
    store: any CredentialStore,
    options: PipelineOptions = PipelineOptions()
  ) {
    let refreshClient = APIClient(
      baseURL: baseURL,
      transport: transport,
      interceptor: Interceptor(retriers: [options.retryPolicy]),
      monitors: options.monitors,
      multipartEncoder: options.multipartEncoder,
      sleeper: options.sleeper)
    let authentication = AuthenticationInterceptor(
      store: store,
      refresher: AuthAPITokenRefresher(client: refreshClient, clock: options.clock),
      clock: options.clock,
      refreshWindow: options.refreshWindow,
      refreshLimit: options.refreshLimit)
    let client = refreshClient.with(
      interceptor: Interceptor(
        adapters: [authentication], retriers: [authentication, options.retryPolicy]))
    self.authentication = authentication
    cards = RemoteCardRepository(client: client)
    auth = RemoteAuthRepository(client: client, store: store, clock: options.clock)
  }
}
