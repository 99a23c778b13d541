import CardData
import CardInfrastructure
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Encrypted file store: temporary files of writers that died")
struct LeftoverFileTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  private var keys: URL { fixture.keyURL.deletingLastPathComponent() }

  /// Creates `name` in `directory` with mode 0600 and the given age.
  private func plant(_ name: String, in directory: URL, age: TimeInterval) throws -> URL {
    let url = directory.appendingPathComponent(name)
    try Data(repeating: 0x5A, count: 32).write(to: url)
    try setPermissions(0o600, of: url)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: url.path)
    return url
  }

  @Test func aWriteRemovesStaleTemporaryKeyFilesAndKeepsRecentOnes() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let key = try Data(contentsOf: fixture.keyURL)
    let stale = try plant("credential.key.new-00000000deadbeef", in: keys, age: 120)
    let recent = try plant("credential.key.new-0000000000c0ffee", in: keys, age: 0)
    let unrelated = try plant("credential.key.old", in: keys, age: 120)
    // A crash between `link` and `unlink` leaves a second name of the key file itself.
    let linked = keys.appendingPathComponent("credential.key.new-00000000feedface")
    #expect(link(fixture.keyURL.path, linked.path) == 0)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: linked.path)

    try await store.save(credential(generation: 2))

    let names = Set(try FileManager.default.contentsOfDirectory(atPath: keys.path))
    #expect(!names.contains(stale.lastPathComponent))
    #expect(!names.contains(linked.lastPathComponent))
    #expect(names.contains(recent.lastPathComponent), "may belong to a key being created")
    #expect(names.contains(unrelated.lastPathComponent))
    #expect(try Data(contentsOf: fixture.keyURL) == key)
    #expect(try await fixture.keyFileStore().load() == credential(generation: 2))
  }

  @Test func aStaleTemporaryKeyFileDoesNotStopTheFirstKeyBeingCreated() async throws {
    try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: true)
    try setPermissions(0o700, of: fixture.home)
    try setPermissions(0o700, of: keys)
    let stale = try plant("credential.key.new-00000000deadbeef", in: keys, age: 3600)

    try await fixture.keyFileStore().save(credential(generation: 1))

    #expect(!FileManager.default.fileExists(atPath: stale.path))
    #expect(try Data(contentsOf: fixture.keyURL) != Data(repeating: 0x5A, count: 32))
    #expect(try FileManager.default.contentsOfDirectory(atPath: keys.path) == ["credential.key"])
    #expect(try await fixture.keyFileStore().load() == credential(generation: 1))
  }

  @Test func aWriteRemovesTheSealedFilesTemporaryLeftovers() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    _ = try plant(".credential.sealed.tmp-00000000deadbeef", in: fixture.home, age: 0)
    try await store.save(credential(generation: 2))
    #expect(try fixture.homeContents() == ["credential.sealed", "credential.sealed.lock", "keys"])
  }
}
