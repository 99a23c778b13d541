import CardData
import CardInfrastructure
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One rule for the store's directory, whatever the call: one that another user owns, that
/// others may write into or that is a symbolic link is refused by reading, writing, refreshing and signing out alike,
/// with one message, and nothing in it is touched. A sealed file of another user is refused
/// like any file that cannot be opened: every call but `clear()` throws, and `clear()` sets it
/// aside.
@Suite("Encrypted file store: one permission rule for every call", .timeLimit(.minutes(1)))
struct PermissionRuleTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  /// A user id that is not this process's, to give files away to (only root can).
  private static let anotherUser: uid_t = 65_534
  private static let canGiveFilesAway = geteuid() == 0

  /// What each call of a fresh store gives, by name: its error's kind and message, or
  /// "succeeded".
  private func outcomesOfEveryCall() async throws -> [String: String] {
    func describe(_ error: CredentialStoreError?) -> String {
      error.map { "\($0.kind): \($0.message)" } ?? "succeeded"
    }
    let store = try fixture.keyFileStore()
    var outcomes: [String: String] = [:]
    outcomes["load"] = describe(await storeError { _ = try await store.load() })
    outcomes["save"] = describe(
      await storeError { try await store.save(credential(generation: 2)) })
    outcomes["clear(ifStill:)"] = describe(
      await storeError { _ = try await store.clear(ifStill: credential(generation: 1)) })
    do {
      _ = try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
        credential(generation: 3)
      }
      outcomes["refresh"] = "succeeded"
    } catch .storage(let error) {
      outcomes["refresh"] = describe(error)
    } catch {
      outcomes["refresh"] = "\(error)"
    }
    outcomes["clear"] = describe(await storeError { _ = try await store.clear() })
    return outcomes
  }

  /// Every call failed as `unavailable` with a message that contains `expected`.
  private func expectRefused(_ outcomes: [String: String], containing expected: String) {
    for (call, outcome) in outcomes {
      #expect(outcome.hasPrefix("unavailable: "), "\(call) gave \(outcome)")
      #expect(outcome.contains(expected), "\(call) gave \(outcome)")
    }
  }

  /// Every call gave the same error, which contains `expected`.
  private func expectEveryCallRefused(
    _ outcomes: [String: String], containing expected: String
  ) {
    #expect(Set(outcomes.values).count == 1, "the calls disagree: \(outcomes)")
    expectRefused(outcomes, containing: expected)
  }

  @Test func aDirectoryWritableByOthersIsRefusedByEveryCallAlike() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    let sealed = try fixture.sealedBytes()
    try setPermissions(0o777, of: fixture.home)

    expectEveryCallRefused(
      try await outcomesOfEveryCall(),
      containing: "\(fixture.home.path) is writable by other users (mode 0777); make it 0700")
    #expect(try fixture.sealedBytes() == sealed)

    try setPermissions(0o700, of: fixture.home)
    #expect(try await fixture.keyFileStore().load() == credential(generation: 1))
  }

  /// A link in the directory's place could lead the store's files anywhere: it is refused
  /// whatever it leads to, and nothing is written there.
  @Test func aLinkAsTheDirectoryIsRefusedByEveryCallAlike() async throws {
    let target = fixture.root.appendingPathComponent("target", isDirectory: true)
    try FileManager.default.createDirectory(
      at: target, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try FileManager.default.createSymbolicLink(at: fixture.home, withDestinationURL: target)

    expectEveryCallRefused(
      try await outcomesOfEveryCall(),
      containing: "\(fixture.home.path) is a symbolic link, not a directory")
    #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
  }

  /// A store that read the credential before the directory was opened up does not go on
  /// answering from what it remembers, or `logout` would be refused after `whoami` succeeded.
  @Test func aDirectoryOpenedUpAfterARememberedReadIsRefusedByTheNextLoad() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    #expect(try await store.load() == credential(generation: 1))
    try setPermissions(0o777, of: fixture.home)
    let error = await storeError { _ = try await store.load() }
    #expect(error?.message.contains("writable by other users (mode 0777)") == true)
  }

  @Test func aKeyDirectoryWritableByOthersIsRefusedByEveryCallAlike() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    let keys = fixture.keyURL.deletingLastPathComponent()
    try setPermissions(0o777, of: keys)

    var outcomes = try await outcomesOfEveryCall()
    // clear() signs out by setting aside the sealed file that the key cannot open.
    #expect(outcomes.removeValue(forKey: "clear") == "succeeded")
    expectRefused(
      outcomes, containing: "\(keys.path) is writable by other users (mode 0777); make it 0700")
  }

  @Test(.enabled(if: canGiveFilesAway, "only root can give a directory to another user"))
  func aDirectoryOfAnotherUserIsRefusedByEveryCallAlike() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    let sealed = try fixture.sealedBytes()
    guard chown(fixture.home.path, Self.anotherUser, gid_t.max) == 0 else {
      throw FixtureError("chown \(fixture.home.path) failed")
    }

    expectEveryCallRefused(
      try await outcomesOfEveryCall(), containing: "\(fixture.home.path) belongs to another user")
    #expect(try fixture.sealedBytes() == sealed)
  }

  @Test(.enabled(if: canGiveFilesAway, "only root can give a file to another user"))
  func aSealedFileOfAnotherUserIsRefusedAndSetAsideByClear() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    let sealed = try fixture.sealedBytes()
    guard chown(fixture.sealedURL.path, Self.anotherUser, gid_t.max) == 0 else {
      throw FixtureError("chown \(fixture.sealedURL.path) failed")
    }

    var outcomes = try await outcomesOfEveryCall()
    #expect(outcomes.removeValue(forKey: "clear") == "succeeded")
    expectRefused(
      outcomes,
      containing: "the sealed credential \(fixture.sealedURL.path) belongs to another user")
    let setAside = fixture.home.appendingPathComponent("credential.sealed.corrupt")
    #expect(Array(try Data(contentsOf: setAside)) == sealed)
    #expect(try await fixture.keyFileStore().load() == nil)
  }

  @Test func aSealedFileWritableByOthersIsRefused() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    try setPermissions(0o666, of: fixture.sealedURL)
    let error = await storeError { _ = try await fixture.keyFileStore().load() }
    #expect(error?.kind == .unavailable)
    #expect(
      error?.message
        == "the sealed credential \(fixture.sealedURL.path) is writable by other users "
        + "(mode 0666); make it 0600")

    try setPermissions(0o644, of: fixture.sealedURL)
    #expect(try await fixture.keyFileStore().load() == credential(generation: 1))
  }
}
