import CardPrimitives

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The prompt's history on disk: one line per entry, oldest first, at most ``limit`` entries,
/// in a file of mode 0600 replaced whole after each line (``AtomicFile``), so a crash loses
/// nothing typed before and a reader never sees a torn file. Two REPLs on one home take no
/// lock: each writes its own entries, the last to write wins, and a save that meets another
/// REPL's may fail and be dropped.
struct HistoryFile: Sendable {
  static let limit = 1000
  /// A file larger than this is not history this program wrote: it is ignored.
  private static let byteLimit = 1 << 20

  let path: String

  /// The saved entries, newest last; none when the file is missing, unreadable or too big.
  func load() -> [String] {
    guard let file = try? PosixFile.openForReadingIfPresent(path) else { return [] }
    defer { file.closeIgnoringErrors() }
    guard let status = try? file.status(), status.st_mode & S_IFMT == S_IFREG,
      let bytes = try? file.readAll(limit: Self.byteLimit)
    else { return [] }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    return Array(lines.suffix(Self.limit))
  }

  /// Errors are dropped: losing history must not disturb the session.
  func save(_ entries: [String]) {
    let text = entries.suffix(Self.limit).map { $0 + "\n" }.joined()
    try? AtomicFile.replace(path, with: Array(text.utf8))
  }
}
