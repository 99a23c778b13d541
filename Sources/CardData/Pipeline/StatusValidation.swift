/// Which statuses count as success for the pipeline. A status outside them fails the attempt,
/// which is what lets retriers see a 401 or a 503; when no retrier retries, the response is
/// still returned to be judged.
public struct StatusValidation: Hashable, Sendable {
  /// The accepted statuses; `nil` accepts every status (validation off).
  public let acceptableStatuses: Range<Int>?

  /// Accepts only the given statuses.
  public init(acceptableStatuses: Range<Int>?) { self.acceptableStatuses = acceptableStatuses }

  /// The default: only 2xx passes.
  public static let successful = StatusValidation(acceptableStatuses: 200..<300)
  /// Every status passes, so retriers never see a response.
  public static let disabled = StatusValidation(acceptableStatuses: nil)

  /// Whether `status` passes.
  public func accepts(_ status: Int) -> Bool {
    acceptableStatuses?.contains(status) ?? true
  }
}
