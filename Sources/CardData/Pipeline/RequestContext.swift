/// What the pipeline knows about one logical request across its attempts; handed to
/// adapters, retriers and monitors.
public struct RequestContext: Hashable, Sendable {
  /// Identifies the request in logs; unique within the process.
  public let id: RequestID
  /// The endpoint's name, such as `cardDetailFetch`.
  public let endpointName: String
  /// Whether the endpoint carries the session's credential.
  public let authorization: AuthorizationRequirement
  /// The reasons of the retries made so far, oldest first; empty on the first attempt.
  public internal(set) var retryReasons: [RetryReason] = []

  /// Creates a context for a request's first attempt.
  public init(id: RequestID, endpointName: String, authorization: AuthorizationRequirement) {
    self.id = id
    self.endpointName = endpointName
    self.authorization = authorization
  }

  /// The attempt under way: 1 for the first.
  public var attempt: Int { retryReasons.count + 1 }

  /// How many retries were made for `reason`.
  public func retryCount(for reason: RetryReason) -> Int {
    retryReasons.count { $0 == reason }
  }
}
