import CardInfrastructure
import CredentialStoreProbeSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `count` times, for i = 1, 2, …: appends `save <prefix>.<i> <pid>` to `log`, then saves
/// generation 0 of family `<prefix>.<i>`, then pauses for `pause`. The line is written
/// before the save, so that a probe killed during a save has logged what it was writing.
func saveLoop(
  store: EncryptedFileCredentialStore, log: String, prefix: String, count: Int,
  pause: Duration, parent: ParentWatch
) async throws(ProbeFailure) {
  let pid = getpid()
  for index in 1...max(count, 1) {
    try parent.requireAlive()
    let family = "\(prefix).\(index)"
    try append("save \(family) \(pid)", to: log)
    do {
      try await store.save(ProbeCredential(family: family, generation: 0).credential)
    } catch {
      throw ProbeFailure("save failed: \(error.kind): \(error.message)")
    }
    if pause > .zero { try? await Task.sleep(for: pause) }
  }
}
