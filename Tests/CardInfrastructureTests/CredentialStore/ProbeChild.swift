import Foundation

/// A running `credential-store-probe`, its standard error kept in a file.
struct ProbeChild {
  /// The child process.
  let process: Process
  /// What the child wrote to standard error.
  let errorURL: URL
  private let exit: AsyncStream<(Process.TerminationReason, Int32)>

  /// Starts the probe with `arguments`, its standard error going to `errorURL`.
  static func launch(_ arguments: [String], errorURL: URL) throws -> ProbeChild {
    let process = Process()
    process.executableURL = try ProbeBinary.url()
    process.arguments = arguments
    guard FileManager.default.createFile(atPath: errorURL.path, contents: nil) else {
      throw FixtureError("cannot create \(errorURL.path)")
    }
    process.standardError = try FileHandle(forWritingTo: errorURL)
    process.standardOutput = FileHandle.nullDevice
    let (exit, continuation) = AsyncStream<(Process.TerminationReason, Int32)>.makeStream()
    process.terminationHandler = { finished in
      continuation.yield((finished.terminationReason, finished.terminationStatus))
      continuation.finish()
    }
    try process.run()
    return ProbeChild(process: process, errorURL: errorURL, exit: exit)
  }

  /// Waits for the child to end; returns how (exit or signal) and the status or signal.
  func termination() async -> (reason: Process.TerminationReason, status: Int32) {
    var result: (Process.TerminationReason, Int32) = (.exit, -1)
    for await value in exit { result = value }
    return result
  }

  /// What the child wrote to standard error so far.
  var errors: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }
}

/// The lines of the probes' log at `url`, split into words; none when there is no log yet.
func probeLogLines(_ url: URL) -> [[Substring]] {
  let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  return text.split(separator: "\n").map { $0.split(separator: " ") }
}
