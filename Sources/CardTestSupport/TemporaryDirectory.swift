import Foundation

/// A new, empty directory under the system's temporary directory, deleted with everything in
/// it when the value is released; one per test, so that tests running in parallel never share
/// a file and a test can see exactly what was left behind.
public final class TemporaryDirectory: Sendable {
  /// The directory, with symbolic links resolved (`/tmp` is a link on some systems, and a
  /// path compared with one a store reports must match).
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
      .appendingPathComponent("card-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// `path` inside the directory; nothing is created.
  public func appending(_ path: String) -> URL { url.appendingPathComponent(path) }

  /// Writes `contents` to a new file `name` in the directory and returns its URL.
  @discardableResult
  public func write(_ contents: Data, to name: String) throws -> URL {
    let file = appending(name)
    try contents.write(to: file, options: .withoutOverwriting)
    return file
  }

  /// The names of the directory's entries, sorted.
  public func entries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}
