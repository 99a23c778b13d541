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

/// `count` times: loads the credential, then refreshes it under the store's lock. The
/// refresh closure appends `refresh <family> <generation> <pid>` to `log` for the credential
/// it spends and returns the next generation of the same family.
func refreshLoop(
  store: EncryptedFileCredentialStore, log: String, count: Int, parent: ParentWatch
) async throws(ProbeFailure) {
  let pid = getpid()
  for _ in 0..<count {
    try parent.requireAlive()
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
        } catch {
          throw CardError.networkFailure(reason: "\(error)")
        }
        // Keep the lock a little longer, as a network round trip would.
        try? await Task.sleep(for: .milliseconds(2))
        return spent.refreshed.credential
      }
    } catch {
      throw ProbeFailure("refresh failed: \(error)")
    }
    // Refreshed by this call, or replaced meanwhile by another refresh or a save.
    guard let next = ProbeCredential(result), next != current else {
      throw ProbeFailure("refresh returned the stale credential or a foreign one")
    }
    // Leave the lock free for a moment, as a client between two requests would.
    try? await Task.sleep(for: .milliseconds(3))
  }
}
