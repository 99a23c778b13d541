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

/// Appends `line` to `path` with one `write` on an `O_APPEND` descriptor, so that lines of
/// several processes never mix.
func append(_ line: String, to path: String) throws(ProbeFailure) {
  let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else { throw ProbeFailure("cannot open the log") }
  defer { close(descriptor) }
  try writeWhole(line + "\n", to: descriptor, naming: "the log")
}

/// Writes `report` on standard output with one `write`, so that the test reads it at once.
func send(_ report: ProbeReport) throws(ProbeFailure) {
  try writeWhole(report.line + "\n", to: STDOUT_FILENO, naming: "standard output")
}

/// The test's next command from standard input; ``ProbeCommand/stop`` at the end of input,
/// as when the test died.
func nextCommand() throws(ProbeFailure) -> ProbeCommand {
  var byte: UInt8 = 0
  while true {
    let count = read(STDIN_FILENO, &byte, 1)
    if count == 0 { return .stop }
    if count == 1 { break }
    guard errno == EINTR else { throw ProbeFailure("cannot read standard input") }
  }
  guard let command = ProbeCommand(rawValue: byte) else {
    throw ProbeFailure("unknown command byte \(byte)")
  }
  return command
}

/// Reports ``ProbeReport/ready``, then runs `step` once for each ``ProbeCommand/step``,
/// reporting ``ProbeReport/done`` after each, until ``ProbeCommand/stop``.
func serve(_ step: () async throws(ProbeFailure) -> Void) async throws(ProbeFailure) {
  try send(.ready)
  while try nextCommand() == .step {
    try await step()
    try send(.done)
  }
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
  guard let probe = ProbeCredential(loaded) else {
    throw ProbeFailure("load found no credential of the probes")
  }
  return probe
}

private func writeWhole(
  _ text: String, to descriptor: Int32, naming name: String
) throws(ProbeFailure) {
  let bytes = Array(text.utf8)
  let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  guard written == bytes.count else { throw ProbeFailure("cannot write \(name)") }
}
