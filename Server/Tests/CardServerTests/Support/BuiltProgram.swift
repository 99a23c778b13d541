import Foundation
import Testing

/// A program SwiftPM built beside the test bundle (`.build/<configuration>/`): this package's
/// `card-server`, and the root package's `card-repl`, which the test target depends on.
enum BuiltProgram {
  static func url(named name: String) throws -> URL {
    let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var candidates = [bundleDirectory.appendingPathComponent(name)]
    if let main = Bundle.main.executableURL {
      candidates.append(main.deletingLastPathComponent().appendingPathComponent(name))
    }
    return try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
  }
}
