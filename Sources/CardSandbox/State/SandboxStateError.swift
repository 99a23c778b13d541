/// Why a sandbox could not open, migrate or change its state. A file that is not a sound
/// state (neither a sandbox database nor a sound JSON state of format 1) is left as it is
/// until a sandbox started fresh replaces it. The descriptions name the file: they are for
/// the person who started the sandbox, never for a client.
public enum SandboxStateError: Error, Hashable, Sendable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case corrupt(path: String, reason: String)
  case unsupportedVersion(path: String, version: Int)
  case unwritable(path: String, reason: String)
  case unlockable(path: String, reason: String)
  case cancelled(path: String)

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
      "the sandbox state file \(path) cannot be locked: \(reason)"
    case .cancelled(let path):
      "cancelled while waiting for another sandbox to release \(path)"
    }
  }
}
