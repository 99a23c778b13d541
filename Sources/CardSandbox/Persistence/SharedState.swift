import Foundation
/// A sandbox's state and, with a state file, the version of the file it mirrors.
///
/// With a file, the file is the one source of truth, shared with every sandbox on it in this
/// process or another, as a server's database would be. Callers hold the file's lock
/// (``StateFileLock``), call ``catchUp()`` before they look at ``current``, and
/// ``commit(_:)`` their change before they release the lock.
struct SharedState {
  /// The state as of the last ``catchUp()`` or ``commit(_:)``.
  private(set) var current: SandboxState
  /// The state file, or `nil` for a state in memory only.
  let file: StateFile?
  /// The file version that ``current`` was read from or written as; `nil` when it is not
  /// known, so that the next ``catchUp()`` reads the file.
  private var version: StateFileVersion?

  /// A state in memory only, starting from `state`.
  init(inMemory state: SandboxState) {
    current = state
    file = nil
  }

  /// The state in `file`, which is written with the seed state when there is none, or, with
  /// `startFresh`, whatever it holds. The caller holds the file's lock.
  init(file: StateFile, startFresh: Bool) throws(SandboxStateError) {
    current = SeedData.state
    self.file = file
    if startFresh {
      version = try file.save(current)
    } else {
      try catchUp()
    }
  }

  /// Reads the file when it is not the version this state last read or wrote. A missing file
  /// starts again from the seed state, which is written. A file that is not a sound state
  /// throws and is left as it is, and so is this state. In memory, does nothing.
  mutating func catchUp() throws(SandboxStateError) {
    guard let file, !(version?.isCurrent(at: file.url.path) ?? false) else { return }
    if let stored = try file.load() {
      current = stored.state
      version = stored.version
    } else {
      let seed = SeedData.state
      version = try file.save(seed)
      current = seed
    }
  }

  /// Saves `next` when there is a file, then makes it the state; when it cannot be saved,
  /// nothing changes.
  mutating func commit(_ next: SandboxState) throws(SandboxStateError) {
    if let file {
      version = try file.save(next)
    }
    current = next
  }
}
