import Foundation

/// A new, empty directory under the system's temporary directory, deleted with everything in
/// it when the value is released; one per test, so that tests running in parallel never share
/// a file and a test can see exactly what was left behind.
public final class TemporaryDirectory: Sendable {
  /// Symbolic links resolved (`/tmp` is one on some systems), so it compares equal to the
  /// paths a store reports.
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
      .appendingPathComponent("card-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Nothing is created.
  public func appending(_ path: String) -> URL { url.appendingPathComponent(path) }

  @discardableResult
  public func write(_ contents: Data, to name: String) throws -> URL {
    let file = appending(name)
    try contents.write(to: file, options: .withoutOverwriting)
    return file
  }

  /// The entries' names, sorted.
  public func entries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}
