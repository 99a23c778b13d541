import CardDomain

/// Why ``CredentialStore/refreshCredential(replacing:using:)`` failed.
public enum CredentialRefreshError: Error, Hashable, Sendable {
  /// The store could not be read or written.
  case storage(CredentialStoreError)
  /// The refresh call failed; the error says how.
  case refresh(CardError)
  /// The store held no credential any more (another process signed out).
  case signedOut
}
