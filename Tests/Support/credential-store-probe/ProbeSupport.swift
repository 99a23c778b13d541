import CardData
import CardInfrastructure
import CredentialStoreProbeSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the probe stopped.
struct ProbeFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// The process that started the probe, so that a probe whose test died stops instead of
/// running on.
struct ParentWatch {
  private let parent = getppid()

  /// Throws once the parent has exited (the probe then has another parent).
  func requireAlive() throws(ProbeFailure) {
    guard getppid() == parent else { throw ProbeFailure("the parent process exited") }
  }
}

/// Appends `line` to `path` with one `write` on an `O_APPEND` descriptor, so that lines of
/// several processes never mix.
func append(_ line: String, to path: String) throws(ProbeFailure) {
  let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else { throw ProbeFailure("cannot open the log") }
  defer { close(descriptor) }
  let bytes = Array((line + "\n").utf8)
  let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  guard written == bytes.count else { throw ProbeFailure("cannot write the log") }
}

/// Sleeps until `start`, given in seconds since 1970.
func wait(until start: Double) async {
  let delay = start - Date().timeIntervalSince1970
  if delay > 0 { try? await Task.sleep(for: .seconds(delay)) }
}

/// Loads the credential, which must be there and must be one the probes write.
func loadProbeCredential(from store: EncryptedFileCredentialStore) async throws(ProbeFailure)
  -> ProbeCredential
{
  let loaded: AuthCredential?
  do {
    loaded = try await store.load()
  } catch {
    throw ProbeFailure("load failed: \(error.kind): \(error.message)")
  }
  guard let loaded, let probe = ProbeCredential(loaded) else {
    throw ProbeFailure("load found no credential of the probes")
  }
  return probe
}
