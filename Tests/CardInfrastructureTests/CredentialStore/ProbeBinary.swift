import Foundation

/// Finds the `credential-store-probe` executable that SwiftPM built next to the test bundle.
///
/// The test target depends on the probe's target, so `swift test` builds it into the same
/// products directory (`.build/<triple>/<configuration>`). The test process runs from that
/// directory (Linux: `…/CardServicePackageTests.xctest`; Apple platforms: inside
/// `…/CardServicePackageTests.xctest/Contents/MacOS`), so the search walks up from the
/// running executable. `CREDENTIAL_STORE_PROBE` overrides the search.
enum ProbeBinary {
  static let name = "credential-store-probe"

  static func url() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["CREDENTIAL_STORE_PROBE"] {
      return URL(fileURLWithPath: path)
    }
    var starts: [URL] = []
    if let executable = Bundle.main.executableURL { starts.append(executable) }
    starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL)
    starts.append(Bundle.main.bundleURL)
    for start in starts {
      var directory = start.resolvingSymlinksInPath().deletingLastPathComponent()
      for _ in 0..<5 {
        let candidate = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    throw FixtureError(
      "\(name) not found near \(starts.map(\.path)); build it or set CREDENTIAL_STORE_PROBE")
  }
}
