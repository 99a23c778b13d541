import CardDomain
import Foundation

/// The port where the session's credential is kept between requests and between runs.
///
/// Implementations: `EncryptedFileCredentialStore` (Infrastructure) and
/// `InMemoryCredentialStore` (CardTestSupport); `CredentialStoreSpec` checks any store against
/// this contract. What every implementation must do:
///
/// - **One exclusive lock** for ``save(_:)``, ``clear()``, ``clear(ifStill:)`` and
///   ``refreshCredential(replacing:using:)``, held across the refresh's `await`, so that a
///   sign-in or a sign-out made during a refresh is neither lost nor undone. An actor alone is
///   not enough: it lets another call in while the refresh awaits the network. `load()`
///   needs no lock: it sees the credential before or after a write, never a mix.
/// - **A wait for the lock ends when its task is cancelled**, throwing an error of kind
///   ``CredentialStoreError/Kind/unavailable`` and changing nothing.
/// - **Absent is not unreadable**: no credential loads `nil`; a store that exists but cannot
///   be read throws from `load()`, `save(_:)`, `clear(ifStill:)` and the refresh (as
///   ``CredentialRefreshError/storage(_:)``), and only ``clear()`` removes it, setting it
///   aside where it can be inspected when the store can.
/// - **The refresh runs on the caller's task**, inside the lock, and its error comes back as
///   ``CredentialRefreshError/refresh(_:)`` (a cancelled refresh as `.refresh(.cancelled)`),
///   leaving the stored credential as it was.
public protocol CredentialStore: Sendable {
  /// The stored credential, `nil` when none is stored (signed out).
  ///
  /// A store that exists but cannot be read (tampered, wrong key, unknown version) throws:
  /// it is never reported as signed out.
  func load() async throws(CredentialStoreError) -> AuthCredential?

  /// Stores the credential, replacing any other. A store that cannot be read is never
  /// replaced: the call throws, and ``clear()`` is the way out.
  func save(_ credential: AuthCredential) async throws(CredentialStoreError)

  /// Removes what is stored (signing out), whether or not it can be read. A store that
  /// cannot be read is set aside where it can be inspected rather than destroyed, when the
  /// store can do that; the result says where it went.
  @discardableResult
  func clear() async throws(CredentialStoreError) -> ClearedCredential

  /// Removes the stored credential only if it is still `credential`, under the store's
  /// exclusive lock; a credential stored since (a new sign-in, another process's refresh) is
  /// kept. Returns whether it removed anything. Used when the server refuses a refresh
  /// token, to end that session and no other.
  @discardableResult
  func clear(ifStill credential: AuthCredential) async throws(CredentialStoreError) -> Bool

  /// Replaces `stale` by a refreshed credential while holding the store's exclusive lock,
  /// so that processes sharing one store never spend the same single-use refresh token twice.
  ///
  /// Inside the lock the store reads the credential again. If it is no longer `stale`
  /// (another process refreshed it already), that one is returned and `refresh` is not
  /// called. Otherwise `refresh` is called with `stale` and its result saved and returned.
  /// An empty store throws ``CredentialRefreshError/signedOut``. A wait for the lock ends
  /// when the task is cancelled, with a ``CredentialStoreError/Kind/unavailable`` error.
  func refreshCredential(
    replacing stale: AuthCredential,
    using refresh: @escaping @Sendable (AuthCredential) async throws(CardError) -> AuthCredential
  ) async throws(CredentialRefreshError) -> AuthCredential
}

/// What ``CredentialStore/clear()`` removed.
public enum ClearedCredential: Hashable, Sendable {
  /// A readable credential, or nothing: the store is empty now.
  case removed
  /// A store that could not be read, moved aside to this place (a file path, for example)
  /// instead of being deleted.
  case setAside(at: String)
}

/// The tokens that prove a session, with the account they belong to and when the access
/// token expires. Printing it never shows a token.
public struct AuthCredential: Hashable, Sendable, Codable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The account the tokens were issued to.
  public var userID: String
  /// The Bearer token sent with every card request.
  public var accessToken: String
  /// The single-use token that buys a new pair.
  public var refreshToken: String
  /// When the access token stops working.
  public var expiresAt: Date
  /// When the access token was issued, if known; it tells the token's lifetime.
  public var issuedAt: Date?

  /// Describes a credential.
  public init(
    userID: String, accessToken: String, refreshToken: String, expiresAt: Date,
    issuedAt: Date? = nil
  ) {
    self.userID = userID
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
    self.issuedAt = issuedAt
  }

  /// Whether to refresh before use: the token expires within `window`, or within half its
  /// lifetime when that is shorter. A token that lives no longer than the window is thus
  /// used for half its life instead of being refreshed on every request.
  public func needsRefresh(window: Duration, now: Date) -> Bool {
    var seconds = window.timeInterval
    if let issuedAt {
      seconds = min(seconds, expiresAt.timeIntervalSince(issuedAt) / 2)
    }
    return expiresAt.timeIntervalSince(now) <= seconds
  }

  /// Whether the access token still works at `now`.
  public func isValid(at now: Date) -> Bool { expiresAt > now }

  /// The account and expiry; the tokens are redacted.
  public var description: String {
    "AuthCredential(userID: \(userID), tokens: <redacted>, expiresAt: \(expiresAt))"
  }
  public var debugDescription: String { description }
  /// The account and dates only.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["userID": userID, "expiresAt": expiresAt, "issuedAt": issuedAt as Any])
  }
}

/// A credential store that exists but cannot be read or written.
public struct CredentialStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, coarsely.
  public enum Kind: String, Hashable, Sendable {
    /// The stored bytes fail authentication: tampered, truncated, or a wrong key or passphrase.
    case corrupted
    /// A format version or key source this build does not know.
    case unsupportedFormat
    /// The store could not be reached: I/O error, permissions, its lock (a wait that timed
    /// out or was cancelled).
    case unavailable
    /// The store was set up wrongly (a bad file name, an empty passphrase, an iteration count
    /// out of range): a programming or configuration error, not a problem with stored data.
    case invalidConfiguration
  }

  public let kind: Kind
  /// What happened and what to do, for people; never a secret.
  public let message: String

  /// Describes a failure.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}

/// Why ``CredentialStore/refreshCredential(replacing:using:)`` failed.
public enum CredentialRefreshError: Error, Hashable, Sendable {
  /// The store could not be read or written.
  case storage(CredentialStoreError)
  /// The refresh call failed; the error says how.
  case refresh(CardError)
  /// The store held no credential any more (another process signed out).
  case signedOut
}
