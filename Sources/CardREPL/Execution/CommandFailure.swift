import CardDomain

/// A command that failed: its result, a message for people and the HTTP status when there
/// was one.
public struct CommandFailure: Error, Hashable, Sendable {
  /// The result; never ``ResultKind/success``.
  public let result: ResultKind
  /// What went wrong, without the status.
  public let message: String
  /// The HTTP status, for `requestErr` and `serverErr`.
  public let status: Int?
  /// Whether the user cancelled the command (Ctrl-C); reported as `networkFail`, since no
  /// response arrived, and shown as `cancelled` to people.
  public let isCancellation: Bool

  /// Creates a failure.
  public init(_ result: ResultKind, _ message: String, status: Int? = nil) {
    self.result = result
    self.message = message
    self.status = status
    self.isCancellation = false
  }

  private init(cancellation: Void) {
    result = .networkFail
    message = "cancelled"
    status = nil
    isCancellation = true
  }

  /// The user cancelled the command.
  public static let cancelled = CommandFailure(cancellation: ())

  /// A usage error: `invalid`.
  public init(_ error: UsageError) { self.init(.invalid, error.message) }

  /// The failure for a use case's error.
  public init(_ error: CardError) {
    switch error {
    case .rejected(let message, let status): self.init(.requestErr, message, status: status)
    case .contractMismatch: self.init(.pathErr, error.description)
    case .serverFailure(let status, let message):
      self.init(.serverErr, message ?? "the server failed", status: status)
    case .networkFailure(let reason): self.init(.networkFail, reason)
    case .signedOut: self.init(.signedOut, "not signed in; use login first")
    case .sessionExpired(let reason):
      self.init(.signedOut, "the session expired (\(reason)); use login to sign in again")
    case .invalidInput(let validation): self.init(.invalid, validation.description)
    case .credentialStorage(let reason):
      self.init(
        .signedOut,
        "the stored session cannot be used: \(reason). If the passphrase or key changed, "
          + "restore it (CARD_REPL_PASSPHRASE); otherwise run logout to set the file aside, "
          + "then login")
    case .cancelled: self = .cancelled
    }
  }
}
