import CardData
import CardDomain
import CardInfrastructure
import Foundation

/// `card-repl`'s session store: the encrypted file store, whose every failure ends with the
/// step that mends it in card-repl's words, chosen by what is wrong on disk now rather than by
/// the failure's text:
///
/// - a directory card-repl keeps state in that breaks ``StateDirectories``' rule (changed
///   after the start): that directory's step, since no command works until it is mended;
/// - a key file that cannot be used: move it aside, since signing out does not replace it;
/// - a failed sign-out (`clear()`) otherwise: try again, or use another home;
/// - anything else, a sealed file that cannot be opened: restore the passphrase or key, or
///   `logout`, which sets the file aside, then `login`.
struct AdvisedCredentialStore: CredentialStore {
  let store: EncryptedFileCredentialStore
  let configuration: AppConfiguration

  func load() async throws(CredentialStoreError) -> AuthCredential? {
    do {
      return try await store.load()
    } catch {
      throw advised(error)
    }
  }

  func save(_ credential: AuthCredential) async throws(CredentialStoreError) {
    do {
      try await store.save(credential)
    } catch {
      throw advised(error)
    }
  }

  @discardableResult
  func clear() async throws(CredentialStoreError) -> ClearedCredential {
    do {
      return try await store.clear()
    } catch {
      throw advised(error, signingOut: true)
    }
  }

  @discardableResult
  func clear(ifStill credential: AuthCredential) async throws(CredentialStoreError) -> Bool {
    do {
      return try await store.clear(ifStill: credential)
    } catch {
      throw advised(error)
    }
  }

  func refreshCredential(
    replacing stale: AuthCredential,
    using refresh: @escaping @Sendable (AuthCredential) async throws(CardError) -> AuthCredential
  ) async throws(CredentialRefreshError) -> AuthCredential {
    do {
      return try await store.refreshCredential(replacing: stale, using: refresh)
    } catch .storage(let error) {
      throw .storage(advised(error))
    } catch {
      throw error
    }
  }

  /// `error` with the step that mends it; tokens too large to keep and a store set up wrongly
  /// are no trouble on disk, and keep their own words.
  private func advised(_ error: CredentialStoreError, signingOut: Bool = false)
    -> CredentialStoreError
  {
    guard error.kind != .tooLarge, error.kind != .invalidConfiguration else { return error }
    return CredentialStoreError(
      error.kind, "\(error.message). \(step(signingOut: signingOut))")
  }

  private func step(signingOut: Bool) -> String {
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
}
