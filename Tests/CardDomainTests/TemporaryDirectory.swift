import Foundation

/// A directory removed when the value is released.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-domain-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func write(_ data: Data, named name: String) throws -> URL {
    let file = url.appendingPathComponent(name)
    try data.write(to: file)
    return file
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
