// A child process for the multi-process tests of EncryptedFileCredentialStore: several copies
// share one store directory and load, save and refresh at once. It prints nothing but
// failures, and never a token. Credentials are `ProbeCredential`s: a family and a generation.
//
//   credential-store-probe refresh <directory> <log-file> <count> <start-time>
//     <count> times: load the credential, then refreshCredential(replacing:) it. The refresh
//     closure appends "refresh <family> <generation> <pid>" to <log-file> and returns the
//     next generation of the same family.
//   credential-store-probe save <directory> <log-file> <prefix> <count> <start-time> <pause-ms>
//     <count> times: append "save <prefix>.<i> <pid>" to <log-file>, save generation 0 of
//     family <prefix>.<i>, and pause <pause-ms> milliseconds.
//   credential-store-probe read <directory> <count> <start-time>
//     <count> times: load the credential, which must be there.
//
// <start-time> is a time in seconds since 1970 to wait for, so that the copies start
// together. A probe stops when the process that started it exits. The exit status is 0 when
// every step worked.

import CardInfrastructure
import Foundation

/// Runs the mode that `arguments` name.
func run(_ arguments: [String]) async throws {
  guard arguments.count >= 2 else { throw ProbeFailure("usage: see main.swift") }
  let parent = ParentWatch()
  let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
  let store = try EncryptedFileCredentialStore(
    configuration: EncryptedFileCredentialStore.Configuration(directory: directory))
  switch (arguments[0], arguments.count) {
  case ("refresh", 5):
    guard let count = Int(arguments[3]), let start = Double(arguments[4]) else {
      throw ProbeFailure("bad refresh arguments")
    }
    await wait(until: start)
    try await refreshLoop(store: store, log: arguments[2], count: count, parent: parent)
  case ("save", 7):
    guard !arguments[3].isEmpty, !arguments[3].contains("-"), let count = Int(arguments[4]),
      let start = Double(arguments[5]), let pause = Int(arguments[6])
    else {
      throw ProbeFailure("bad save arguments")
    }
    await wait(until: start)
    try await saveLoop(
      store: store, log: arguments[2], prefix: arguments[3], count: count,
      pause: .milliseconds(pause), parent: parent)
  case ("read", 4):
    guard let count = Int(arguments[2]), let start = Double(arguments[3]) else {
      throw ProbeFailure("bad read arguments")
    }
    await wait(until: start)
    try await readLoop(store: store, count: count, parent: parent)
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
