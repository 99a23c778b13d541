import CardInfrastructure
import CardREPL

/// Sets an unreadable session store aside with the store's own quarantine, which moves the
/// file and never deletes it.
struct StoreRecovery: SessionRecovery {
  let store: EncryptedFileCredentialStore

  func setAsideUnreadableSession() async throws(SessionRecoveryError) -> String? {
    do {
      return try await store.quarantineCorruptFile()?.path
    } catch {
      throw SessionRecoveryError(error.message)
    }
  }
}
