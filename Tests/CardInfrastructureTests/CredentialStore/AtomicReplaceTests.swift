import CardData
import CardInfrastructure
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A write puts a new file in the sealed file's place and never writes into the file that is
/// there, so that a reader in another process sees the old credential or the new one, never a
/// file half written. The test keeps a second name (a hard link) for the file that was there
/// before the write: a write in place changes the bytes under that name too, a replace leaves
/// them as they were and moves the sealed file's name to another inode.
@Suite("Encrypted file store: a write replaces the sealed file, never rewrites it")
struct AtomicReplaceTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  @Test func aSaveLeavesTheFileItReplacesUntouched() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let held = try holdSealedFile()

    try await store.save(credential(generation: 2))

    try expectReplaced(held)
    #expect(try await store.load() == credential(generation: 2))
  }

  @Test func aRefreshLeavesTheFileItReplacesUntouched() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let held = try holdSealedFile()

    let fresh = try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
      credential(generation: 2)
    }

    #expect(fresh == credential(generation: 2))
    try expectReplaced(held)
    #expect(try await store.load() == credential(generation: 2))
  }

  /// The sealed file under a second name, with its bytes and inode as they are now.
  private struct HeldFile {
    let url: URL
    let bytes: [UInt8]
    let inode: UInt64
  }

  private func holdSealedFile() throws -> HeldFile {
    let url = fixture.root.appendingPathComponent("held")
    guard link(fixture.sealedURL.path, url.path) == 0 else {
      throw FixtureError("link \(fixture.sealedURL.path) failed")
    }
    return HeldFile(url: url, bytes: try fixture.sealedBytes(), inode: try inode(of: url))
  }

  private func expectReplaced(_ held: HeldFile) throws {
    #expect(
      Array(try Data(contentsOf: held.url)) == held.bytes,
      "the file that was in place was written into")
    #expect(
      try inode(of: fixture.sealedURL) != held.inode,
      "the sealed file's name still names the file that was in place")
    #expect(try fixture.sealedBytes() != held.bytes)
  }

  private func inode(of url: URL) throws -> UInt64 {
    var info = stat()
    guard lstat(url.path, &info) == 0 else { throw FixtureError("stat \(url.path) failed") }
    return UInt64(info.st_ino)
  }
}
