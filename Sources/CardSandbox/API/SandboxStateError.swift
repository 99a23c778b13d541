/// Why a sandbox could not load or save its state file.
public enum SandboxStateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file exists but could not be read.
  case unreadable(path: String, reason: String)
  /// The file was read but is not a sandbox state: not JSON, a missing field, or
  /// contradictory content. The file is left as it is; a sandbox created with
  /// `startFresh: true` overwrites it with the seed state.
  case corrupt(path: String, reason: String)
  /// The file was written by a format version this sandbox does not know.
  case unsupportedVersion(path: String, version: Int)
  /// The state could not be written.
  case unwritable(path: String, reason: String)
  /// The lock file beside the state file, which every sandbox on that file holds while it
  /// reads, changes and writes the state, could not be opened or locked.
  case unlockable(path: String, reason: String)
  /// The calling task was cancelled while another sandbox held the lock file at `path`;
  /// nothing was read or written.
  case cancelled(path: String)

  /// A sentence for people.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "the sandbox state file \(path) cannot be read: \(reason)"
    case .corrupt(let path, let reason):
      "the sandbox state file \(path) is corrupt: \(reason); start the sandbox fresh to overwrite it"
    case .unsupportedVersion(let path, let version):
      "the sandbox state file \(path) has the unknown format version \(version)"
    case .unwritable(let path, let reason):
      "the sandbox state file \(path) cannot be written: \(reason)"
    case .unlockable(let path, let reason):
      "the sandbox state lock file \(path) cannot be locked: \(reason)"
    case .cancelled(let path):
      "cancelled while waiting for another sandbox to release \(path)"
    }
  }
}
