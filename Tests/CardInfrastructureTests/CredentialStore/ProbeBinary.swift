import Foundation

/// Finds the `credential-store-probe` executable that SwiftPM built next to the test bundle.
///
/// The test target depends on the probe's target, so `swift test` builds it into the same
/// products directory (`.build/<triple>/<configuration>`) as the test bundle: on Linux the
/// bundle is the running executable `…/CardServicePackageTests.xctest`; on Apple platforms it
/// is the bundle `…/CardServicePackageTests.xctest` loaded by a runner, found with
/// `Bundle(for:)`. The search walks up a few directories from each of these.
/// `CREDENTIAL_STORE_PROBE` overrides the search.
enum ProbeBinary {
  static let name = "credential-store-probe"

  /// A class of the test bundle, for `Bundle(for:)`.
  private final class Anchor {}

  static func url() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["CREDENTIAL_STORE_PROBE"] {
      return URL(fileURLWithPath: path)
    }
    // Directories to search, each with its parents.
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
    throw FixtureError(
      "\(name) not found near \(directories.map(\.path)); build it or set CREDENTIAL_STORE_PROBE")
  }
}
