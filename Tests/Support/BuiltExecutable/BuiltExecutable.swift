import Foundation

/// Finds an executable that SwiftPM built next to the test bundle, for tests that run one of
/// the package's programs as a real process.
///
/// A test target that depends on an executable target gets it built into the same products
/// directory (`.build/<triple>/<configuration>`) as the test bundle: on Linux the bundle is the
/// running executable `…/CardServicePackageTests.xctest`; on Apple platforms it is a bundle
/// loaded by a runner, found with `Bundle(for:)`. The search walks up a few directories from
/// each of these.
package enum BuiltExecutable {
  /// A class of the test bundle, for `Bundle(for:)`.
  private final class Anchor {}

  /// The executable called `name`, or the path in the environment variable `override` when
  /// it is set.
  package static func url(named name: String, override: String) throws -> URL {
    if let path = ProcessInfo.processInfo.environment[override] {
      return URL(fileURLWithPath: path)
    }
    var directories = [Bundle(for: Anchor.self).bundleURL, Bundle.main.bundleURL]
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    for start in directories {
      var directory = start.standardizedFileURL.resolvingSymlinksInPath()
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    throw NotFound(name: name, override: override, searched: directories.map(\.path))
  }

  package struct NotFound: Error, CustomStringConvertible {
    /// The executable's name.
    package let name: String
    /// The environment variable that would name it.
    package let override: String
    /// The directories searched, each with its parents.
    package let searched: [String]

    /// What was searched, and how to fix it.
    package var description: String {
      "\(name) not found near \(searched); build it or set \(override)"
    }
  }
}
