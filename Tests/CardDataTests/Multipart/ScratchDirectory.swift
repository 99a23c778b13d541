import Foundation

/// A directory of its own for one test: input files and the encoder's temporary files go
/// here, so a test can see exactly which files are left behind. Removed when released.
final class ScratchDirectory {
  /// The directory.
  let url: URL

  /// Creates a new, empty directory under the system's temporary directory.
  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-data-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `contents` to a new file named `name` and returns its URL.
  func file(named name: String, containing contents: Data) throws -> URL {
    let file = url.appendingPathComponent(name)
    try contents.write(to: file, options: .withoutOverwriting)
    return file
  }

  /// The names of the files in the directory, sorted.
  func fileNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}
