import Foundation

/// The tunable parts of the request pipeline that ``RemoteRepositories`` assembles.
public struct PipelineOptions: Sendable {
  /// Tells the time for token expiry.
  public var clock: any WallClock
  /// Waits out retry delays.
  public var sleeper: any Sleeper
  /// Observers of every request, such as a ``LoggingMonitor``.
  public var monitors: [any EventMonitor]
  /// Retries for transient failures of idempotent requests.
  public var retryPolicy: RetryPolicy
  /// How close to expiry a credential is refreshed before use.
  public var refreshWindow: Duration
  /// The guard against refresh loops.
  public var refreshLimit: RefreshLimit
  /// Encodes multipart bodies, streaming large ones through a temporary file.
  public var multipartEncoder: MultipartEncoder

  /// Creates options; every default is the production one.
  public init(
    clock: any WallClock = SystemWallClock(),
    sleeper: any Sleeper = TaskSleeper(),
    monitors: [any EventMonitor] = [],
    retryPolicy: RetryPolicy = RetryPolicy(),
    refreshWindow: Duration = .seconds(300),
    refreshLimit: RefreshLimit = RefreshLimit(),
    multipartEncoder: MultipartEncoder = MultipartEncoder()
  ) {
    self.clock = clock
    self.sleeper = sleeper
    self.monitors = monitors
    self.retryPolicy = retryPolicy
    self.refreshWindow = refreshWindow
    self.refreshLimit = refreshLimit
    self.multipartEncoder = multipartEncoder
  }
}
