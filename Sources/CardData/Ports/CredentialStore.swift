import CardDomain
import Foundation

/// The port where the session's credential is kept between requests and between runs.
/// `CredentialStoreSpec` (CardDataTesting) checks any store against this contract:
///
/// - **One exclusive lock** for every call but ``load()``, held across the refresh's `await`,
///   so that a sign-in or a sign-out made during a refresh is neither lost nor undone (an
///   actor alone lets another call in while the refresh awaits the network). ``load()`` sees
///   the credential before or after a write, never a mix.
/// - **A wait for the lock ends when its task is cancelled**, with an
///   ``CredentialStoreError/Kind/unavailable`` error and nothing changed.
/// - **Absent is not unreadable**: no credential loads `nil`; a store that exists but cannot
///   be read (tampered, wrong key, unknown version) throws from every call (the refresh as
///   ``CredentialRefreshError/storage(_:)``) and is never replaced; only ``clear()`` removes
///   it, setting it aside where it can be inspected when the store can.
/// - **The refresh runs on the caller's task**, inside the lock; its error comes back as
///   ``CredentialRefreshError/refresh(_:)`` (a cancelled one as `.refresh(.cancelled)`) and
///   leaves the stored credential as it was.
public protocol CredentialStore: Sendable {
  func load() async throws(CredentialStoreError) -> AuthCredential?

  func save(_ credential: AuthCredential) async throws(CredentialStoreError)

  /// Signs out, whether or not the stored credential can be read; the result says where an
  /// unreadable one was set aside.
  @discardableResult
  func clear() async throws(CredentialStoreError) -> ClearedCredential

  /// Removes the stored credential only if it is still `credential`, and says whether it did:
  /// how a refused refresh token ends that session and no other (a new sign-in, another
  /// process's refresh, is kept).
  @discardableResult
  func clear(ifStill credential: AuthCredential) async throws(CredentialStoreError) -> Bool

  /// Replaces `stale` by a refreshed credential under the lock, so that processes sharing one
  /// store never spend a single-use refresh token twice: the store reads the credential
  /// again, returns it without calling `refresh` when it is no longer `stale`, throws
  /// ``CredentialRefreshError/signedOut`` when there is none, and otherwise saves and
  /// returns what `refresh` gives.
  func refreshCredential(
    replacing stale: AuthCredential,
    using refresh: @escaping @Sendable (AuthCredential) async throws(CardError) -> AuthCredential
  ) async throws(CredentialRefreshError) -> AuthCredential
}

/// What ``CredentialStore/clear()`` did: removed a readable credential (or found none), or
/// set an unreadable one aside at a place such as a file path.
public enum ClearedCredential: Hashable, Sendable {
  case removed
  case setAside(at: String)
}

/// The tokens that prove a session: the Bearer access token, the single-use refresh token
/// that buys a new pair, the account they were issued to, and when the access token expires
/// (and was issued, which tells its lifetime). Printing it never shows a token.
public struct AuthCredential: Hashable, Sendable, Codable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  public var userID: String
  public var accessToken: String
  public var refreshToken: String
  public var expiresAt: Date
  public var issuedAt: Date?

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
  package func needsRefresh(window: Duration, now: Date) -> Bool {
    var seconds = window.timeInterval
    if let issuedAt {
      seconds = min(seconds, expiresAt.timeIntervalSince(issuedAt) / 2)
    }
    return expiresAt.timeIntervalSince(now) <= seconds
  }

  package func isValid(at now: Date) -> Bool { expiresAt > now }

  public var description: String {
    "AuthCredential(userID: \(userID), tokens: <redacted>, expiresAt: \(expiresAt))"
  }
  public var debugDescription: String { description }
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["userID": userID, "expiresAt": expiresAt, "issuedAt": issuedAt as Any])
  }
}

/// A credential store that exists but cannot be read or written; the message says what
/// happened and what to do, and never holds a secret.
public struct CredentialStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable {
    /// The stored bytes fail authentication: tampered, truncated, or a wrong key or passphrase.
    case corrupted
    /// A format version or key source this build does not know.
    case unsupportedFormat
    /// The store could not be reached: I/O error, permissions, its lock (a wait that timed
    /// out or was cancelled).
    case unavailable
    /// A credential larger than the store can keep, refused by a save that changed nothing:
    /// the tokens a server issued, not the stored data, are at fault.
    case tooLarge
    /// The store was set up wrongly (a bad file name, an empty passphrase, an iteration count
    /// out of range): a programming or configuration error, not a problem with stored data.
    case invalidConfiguration
  }

  public let kind: Kind
  public let message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}

/// Why ``CredentialStore/refreshCredential(replacing:using:)`` failed: the store, the refresh
/// call, or no credential any more (another process signed out).
public enum CredentialRefreshError: Error, Hashable, Sendable {
  case storage(CredentialStoreError)
  case refresh(CardError)
  case signedOut
}

extension CardError {
  /// A store failure as the domain's error.
  init(_ error: CredentialStoreError) { self = .credentialStorage(reason: error.message) }
}
