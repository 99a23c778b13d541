import CardData
import CardDomain
import CardInfrastructure
import CredentialStoreProbeSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Saves new families: step i appends `save <prefix>.<i> <pid>` to `log`, reports
/// ``ProbeReport/saving(family:)``, then saves generation 0 of family `<prefix>.<i>`. The line
/// is written before the save, so that a probe killed during a save has logged what it was
/// writing.
final class SaveSteps {
  private let store: EncryptedFileCredentialStore
  private let log: String
  private let prefix: String
  private let pid = getpid()
  private var index = 0

  init(store: EncryptedFileCredentialStore, log: String, prefix: String) {
    self.store = store
    self.log = log
    self.prefix = prefix
  }

  func step() async throws(ProbeFailure) {
    index += 1
    let family = "\(prefix).\(index)"
    try append("save \(family) \(pid)", to: log)
    try send(.saving(family: family))
    do {
      try await store.save(ProbeCredential(family: family, generation: 0).credential)
    } catch {
      throw ProbeFailure("save failed: \(error.kind): \(error.message)")
    }
  }
}

/// One refresh step: loads the credential, then refreshes it under the store's lock. The
/// refresh closure appends `refresh <family> <generation> <pid>` to `log` for the credential
/// it spends, reports ``ProbeReport/spent(_:)``, and returns the next generation of the same
/// family. The closure does not run when another process replaced the credential between the
/// load and the lock.
func refreshStep(store: EncryptedFileCredentialStore, log: String) async throws(ProbeFailure) {
  let pid = getpid()
  let current = try await loadProbeCredential(from: store)
  let result: AuthCredential
  do {
    result = try await store.refreshCredential(replacing: current.credential) {
      stale throws(CardError) in
      guard let spent = ProbeCredential(stale) else {
        throw CardError.sessionExpired(reason: "unknown refresh token")
      }
      do {
        try append("refresh \(spent.family) \(spent.generation) \(pid)", to: log)
        try send(.spent(spent))
      } catch {
        throw CardError.networkFail(reason: "\(error)")
      }
      return spent.refreshed.credential
    }
  } catch {
    throw ProbeFailure("refresh failed: \(error)")
  }
  // Refreshed by this call, or replaced meanwhile by another refresh or a save.
  guard let next = ProbeCredential(result), next != current else {
    throw ProbeFailure("refresh returned the stale credential or a foreign one")
  }
}
