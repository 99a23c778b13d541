import CardInfrastructure

/// `count` times: loads the credential, which must be one the probes write.
func readLoop(
  store: EncryptedFileCredentialStore, count: Int, parent: ParentWatch
) async throws(ProbeFailure) {
  for _ in 0..<count {
    try parent.requireAlive()
    _ = try await loadProbeCredential(from: store)
  }
}
