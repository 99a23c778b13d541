// A child process for the multi-process tests of EncryptedFileCredentialStore: several copies
// share one store directory and load, save and refresh at once, each step when the test
// allows it. Credentials are `ProbeCredential`s: a family and a generation. It never prints
// a token.
//
//   credential-store-probe save <directory> <log-file> <prefix>
//     Step i appends "save <prefix>.<i> <pid>" to <log-file>, reports `saving <prefix>.<i>`,
//     and saves generation 0 of family <prefix>.<i>.
//   credential-store-probe refresh <directory> <log-file>
//     Each step loads the credential, then refreshCredential(replacing:)s it. When the
//     refresh closure runs, it appends "refresh <family> <generation> <pid>" to <log-file>,
//     reports `spent <family> <generation>`, and returns the next generation of the family.
//   credential-store-probe read <directory>
//     Each step loads the credential, which must be there and be one the probes write.
//
// The probe reports `ready` on standard output once the store is open. Then, for each `s`
// byte on standard input, it does one step and reports `done`; a `q` byte or the end of
// input makes it exit (`ProbeCommand`, `ProbeReport`). Nothing it does waits for a clock.
// Failures go to standard error with exit status 1.

import CardInfrastructure
import Foundation

/// Runs the mode that `arguments` name.
func run(_ arguments: [String]) async throws {
  guard arguments.count >= 2 else { throw ProbeFailure("usage: see main.swift") }
  let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
  let store = try EncryptedFileCredentialStore(
    configuration: EncryptedFileCredentialStore.Configuration(directory: directory))
  switch (arguments[0], arguments.count) {
  case ("save", 4):
    guard !arguments[3].isEmpty, !arguments[3].contains("-") else {
      throw ProbeFailure("bad save arguments")
    }
    let saves = SaveSteps(store: store, log: arguments[2], prefix: arguments[3])
    try await serve { () throws(ProbeFailure) in try await saves.step() }
  case ("refresh", 3):
    try await serve { () throws(ProbeFailure) in
      try await refreshStep(store: store, log: arguments[2])
    }
  case ("read", 2):
    try await serve { () throws(ProbeFailure) in _ = try await loadProbeCredential(from: store) }
  default:
    throw ProbeFailure("usage: see main.swift")
  }
}

do {
  try await run(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("credential-store-probe: \(error)\n".utf8))
  exit(1)
}
