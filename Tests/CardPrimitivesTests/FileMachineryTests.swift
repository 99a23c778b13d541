import CardPrimitives
import CardTestingPrimitives
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("AtomicFile: replacing a file in one step")
struct AtomicFileTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.appending("data").path
  }

  @Test func createsThenReplacesTheFileWithMode0600AndNoTemporaryFileLeft() throws {
    try AtomicFile.replace(path, with: Array("first".utf8))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("first".utf8))
    try AtomicFile.replace(path, with: Array("second, longer".utf8))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("second, longer".utf8))
    var info = stat()
    #expect(stat(path, &info) == 0 && info.permissions == 0o600)
    #expect(try directory.entries() == ["data"])
  }

  @Test func aReplacementIsANewInodeAndAReaderOfTheOldOneKeepsTheOldBytes() throws {
    try AtomicFile.replace(path, with: Array("old".utf8))
    let reader = try #require(try PosixFile.openForReadingIfPresent(path))
    defer { reader.closeIgnoringErrors() }
    let before = try reader.status()
    try AtomicFile.replace(path, with: Array("new".utf8))
    var after = stat()
    #expect(stat(path, &after) == 0)
    #expect(after.st_ino != before.st_ino)
    #expect(try reader.readAll(limit: 100) == Array("old".utf8))
  }

  @Test func theTemporaryFilesOfWritersThatDiedAreSweptAndOtherFilesKept() throws {
    try directory.write(Data([1]), to: ".data.tmp-00000000deadbeef")
    try directory.write(Data([2]), to: ".other.tmp-00000000deadbeef")
    try directory.write(Data([3]), to: "data.bak")
    try AtomicFile.replace(path, with: [42])
    #expect(try directory.entries() == [".other.tmp-00000000deadbeef", "data", "data.bak"])
  }

  @Test func aFailedReplacementLeavesTheFileAndNoTemporaryFile() throws {
    try AtomicFile.replace(path, with: Array("kept".utf8))
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o500], ofItemAtPath: directory.url.path)
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o700], ofItemAtPath: directory.url.path)
    }
    guard !FileManager.default.isWritableFile(atPath: directory.url.path) else { return }  // root
    #expect(throws: FileError.self) { try AtomicFile.replace(path, with: Array("lost".utf8)) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("kept".utf8))
    #expect(try directory.entries() == ["data"])
  }
}

/// Each test acts only once the waiter has found the lock held: `FileLock.contended` counts
/// it, so nothing depends on how long starting a task takes.
@Suite("FileLock: an exclusive flock, polled", .timeLimit(.minutes(1)))
struct FileLockTests {
  let directory: TemporaryDirectory
  let path: String
  let contended = Tally()

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.appending("data.lock").path
  }

  /// Starts `acquire` in a task and returns it once it has found the lock held.
  private func startWaiting(
    before deadline: ContinuousClock.Instant? = nil
  ) async throws -> Task<FileLock, any Error> {
    let observer: @Sendable () -> Void = { [contended] in contended.increment() }
    let task = FileLock.$contended.withValue(observer) {
      Task { [path] in try await FileLock.acquire(path: path, before: deadline) }
    }
    try await contended.wait(forAtLeast: 1)
    return task
  }

  @Test func aSecondHolderWaitsUntilTheFirstReleases() async throws {
    let first = try await FileLock.acquire(path: path)
    let waiting = try await startWaiting()
    first.release()
    let second = try await waiting.value
    second.release()
    var info = stat()
    #expect(stat(path, &info) == 0 && info.permissions == 0o600)
  }

  @Test func aWaiterIsCancelledAtOnceAndTheLockStaysWithItsHolder() async throws {
    let holder = try FileLock.acquireBlocking(path: path)
    let waiting = try await startWaiting()
    waiting.cancel()
    await #expect(throws: FileLock.Failure.cancelled) { try await waiting.value }
    // Still held: a deadline that has passed is met only by a free lock.
    await #expect(throws: FileLock.Failure.timedOut) {
      try await FileLock.acquire(path: path, before: .now)
    }
    holder.release()
    try await FileLock.acquire(path: path, before: .now).release()
  }

  /// A real deadline, kept short; only the outcome is checked, never how long it took.
  @Test func aWaiterGivesUpAtItsDeadline() async throws {
    let holder = try await FileLock.acquire(path: path)
    defer { holder.release() }
    let waiting = try await startWaiting(before: .now + .milliseconds(50))
    await #expect(throws: FileLock.Failure.timedOut) { try await waiting.value }
  }

  @Test func aLockFileThatCannotBeOpenedIsASystemFailure() async throws {
    let missing = directory.appending("missing/data.lock").path
    await #expect {
      try await FileLock.acquire(path: missing)
    } throws: { error in
      guard case .system(let failure) = error as? FileLock.Failure else { return false }
      return failure.code == ENOENT && failure.description.hasPrefix("open \(missing) failed")
    }
  }
}

@Suite("FileVersion: telling a file's versions apart with one lstat")
struct FileVersionTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.appending("data").path
  }

  private func version() throws -> FileVersion {
    try #require(try FileVersion.open(path))
  }

  @Test func aVersionIsCurrentUntilTheFileIsReplacedOrRemoved() throws {
    try AtomicFile.replace(path, with: [1, 2, 3])
    let first = try version()
    #expect(first.isCurrent(at: path))
    #expect(first.isCurrent(at: path))
    try AtomicFile.replace(path, with: [1, 2, 3, 4])
    #expect(!first.isCurrent(at: path))
    let second = try version()
    #expect(second.isCurrent(at: path))
    #expect(unlink(path) == 0)
    #expect(!second.isCurrent(at: path))
  }

  /// Replacements with the same size, the modification time copied from the version, most of
  /// them within one clock tick: only the inode can tell them apart, and the version holds
  /// its inode open so that no replacement gets its number. Without that, file systems hand
  /// a freed inode number to the next file created, and some replacement would pass.
  @Test func noReplacementPassesForTheVersionEvenWithTheSameSizeAndTimes() throws {
    try AtomicFile.replace(path, with: Array("version 0".utf8))
    let held = try version()
    let original = try held.file.status()
    for round in 1...200 {
      try AtomicFile.replace(path, with: Array("version \(round % 10)".utf8))
      var times = [original.modificationTime, original.modificationTime]
      #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
      #expect(!held.isCurrent(at: path), "replacement \(round) passed for the held version")
    }
  }

  @Test func aFileEditedInPlaceToAnotherSizeIsANewVersion() throws {
    try AtomicFile.replace(path, with: [1, 2, 3])
    let first = try version()
    let writer = try PosixFile(opening: path, flags: O_WRONLY | O_APPEND)
    try writer.writeAll([4])
    try writer.close()
    #expect(!first.isCurrent(at: path))
  }
}

extension stat {
  fileprivate var modificationTime: timespec {
    #if canImport(Darwin)
      st_mtimespec
    #else
      st_mtim
    #endif
  }
}
