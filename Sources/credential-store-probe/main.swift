// A child process for the multi-process tests of EncryptedFileCredentialStore: several copies
// share one store directory and load and refresh at once. It prints nothing but failures,
// and never a token.
//
//   credential-store-probe refresh <directory> <log-file> <count> <start-time>
//     <count> times: load the credential, then refreshCredential(replacing:) it. The refresh
//     closure appends "<generation> <pid>" to <log-file> and returns the next generation,
//     whose tokens are "access-<n>" and "refresh-<n>".
//   credential-store-probe read <directory> <count> <start-time>
//     <count> times: load the credential, which must be there.
//
// <start-time> is a time in seconds since 1970 to wait for, so that the copies start
// together. The exit status is 0 when every step worked.

import CardData
import CardDomain
import CardInfrastructure
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
}

/// The credential of `generation`, as the tests build it.
func credential(generation: Int) -> AuthCredential {
  AuthCredential(
    userID: "probe", accessToken: "access-\(generation)", refreshToken: "refresh-\(generation)",
    expiresAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(generation)))
}

/// The generation a credential built by ``credential(generation:)`` belongs to.
func generation(of credential: AuthCredential) -> Int? {
  Int(credential.refreshToken.dropFirst("refresh-".count))
}

/// Appends `line` to `path` with one `write` on an `O_APPEND` descriptor.
func append(_ line: String, to path: String) throws(ProbeFailure) {
  let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else { throw ProbeFailure(description: "cannot open the log") }
  defer { close(descriptor) }
  let bytes = Array((line + "\n").utf8)
  let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  guard written == bytes.count else { throw ProbeFailure(description: "cannot write the log") }
}

/// Sleeps until `start`, given in seconds since 1970.
func wait(until start: Double) async {
  let delay = start - Date().timeIntervalSince1970
  if delay > 0 { try? await Task.sleep(for: .seconds(delay)) }
}

/// Loads the credential, which must be there and must be one the tests built.
func loadGeneration(from store: EncryptedFileCredentialStore) async throws -> AuthCredential {
  let loaded: AuthCredential?
  do {
    loaded = try await store.load()
  } catch {
    throw ProbeFailure(description: "load failed: \(error.kind): \(error.message)")
  }
  guard let loaded, generation(of: loaded) != nil else {
    throw ProbeFailure(description: "load found no credential of the tests")
  }
  return loaded
}

func refreshLoop(store: EncryptedFileCredentialStore, log: String, count: Int) async throws {
  let pid = getpid()
  for _ in 0..<count {
    let current = try await loadGeneration(from: store)
    do {
      let result = try await store.refreshCredential(replacing: current) {
        stale throws(CardError) in
        guard let spent = generation(of: stale) else {
          throw CardError.sessionExpired(reason: "unknown refresh token")
        }
        do {
          try append("\(spent) \(pid)", to: log)
        } catch {
          throw CardError.networkFailure(reason: "\(error)")
        }
        // Keep the lock a little longer, as a network round trip would.
        try? await Task.sleep(for: .milliseconds(2))
        return credential(generation: spent + 1)
      }
      guard let next = generation(of: result), next > generation(of: current)! else {
        throw ProbeFailure(description: "refresh returned an older generation")
      }
    } catch let error as CredentialRefreshError {
      throw ProbeFailure(description: "refresh failed: \(error)")
    }
  }
}

func readLoop(store: EncryptedFileCredentialStore, count: Int) async throws {
  for _ in 0..<count { _ = try await loadGeneration(from: store) }
}

func run(_ arguments: [String]) async throws {
  guard arguments.count >= 2 else { throw ProbeFailure(description: "usage: see main.swift") }
  let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
  let store = try EncryptedFileCredentialStore(
    configuration: EncryptedFileCredentialStore.Configuration(directory: directory))
  switch (arguments[0], arguments.count) {
  case ("refresh", 5):
    guard let count = Int(arguments[3]), let start = Double(arguments[4]) else {
      throw ProbeFailure(description: "bad refresh arguments")
    }
    await wait(until: start)
    try await refreshLoop(store: store, log: arguments[2], count: count)
  case ("read", 4):
    guard let count = Int(arguments[2]), let start = Double(arguments[3]) else {
      throw ProbeFailure(description: "bad read arguments")
    }
    await wait(until: start)
    try await readLoop(store: store, count: count)
  default:
    throw ProbeFailure(description: "usage: see main.swift")
  }
}

do {
  try await run(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("credential-store-probe: \(error)\n".utf8))
  exit(1)
}
