import BuiltExecutable
import CredentialStoreProbeSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A running `credential-store-probe`, driven through its standard input (``step(_:)``,
/// ``stop()``) and heard through its standard output (``reports``); its standard error is
/// kept in a file.
struct ProbeChild: Sendable {
  /// What the child reported, in order. It ends when the child's output ends or the child
  /// exits, whichever comes first.
  let reports: AsyncStream<ProbeReport>
  /// What the child wrote to standard error.
  let errorURL: URL
  private let process: Process
  private let input: FileHandle
  private let exit: AsyncStream<(Process.TerminationReason, Int32)>

  /// Starts the probe with `arguments`, its standard error going to `errorURL`. The probe
  /// reports ``ProbeReport/ready`` and then waits for its first step.
  static func launch(_ arguments: [String], errorURL: URL) throws -> ProbeChild {
    // A write to a probe that has died fails with EPIPE instead of killing the test process.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    // Built next to the test bundle; `CREDENTIAL_STORE_PROBE` overrides the search.
    process.executableURL = try BuiltExecutable.url(
      named: "credential-store-probe", override: "CREDENTIAL_STORE_PROBE")
    process.arguments = arguments
    guard FileManager.default.createFile(atPath: errorURL.path, contents: nil) else {
      throw FixtureError("cannot create \(errorURL.path)")
    }
    process.standardError = try FileHandle(forWritingTo: errorURL)
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    let (reports, reported) = AsyncStream<ProbeReport>.makeStream()
    let (exit, exited) = AsyncStream<(Process.TerminationReason, Int32)>.makeStream()
    process.terminationHandler = { finished in
      exited.yield((finished.terminationReason, finished.terminationStatus))
      exited.finish()
      // The output may stay open in another child that inherited it while being started.
      reported.finish()
    }
    try process.run()
    let reading = output.fileHandleForReading
    Thread { readReports(from: reading, into: reported) }.start()
    return ProbeChild(
      reports: reports, errorURL: errorURL, process: process, input: input.fileHandleForWriting,
      exit: exit)
  }

  /// The child's process identifier, for `kill`.
  var processIdentifier: Int32 { process.processIdentifier }

  /// Allows `count` more steps.
  func step(_ count: Int = 1) {
    try? input.write(contentsOf: Data(repeating: ProbeCommand.step.rawValue, count: count))
  }

  /// Tells the child to exit once its current step is done.
  func stop() {
    try? input.write(contentsOf: Data([ProbeCommand.stop.rawValue]))
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

/// Reads report lines from `output` until it ends or a line is no report. Runs on a thread
/// of its own, because reading blocks.
private func readReports(
  from output: FileHandle, into reports: AsyncStream<ProbeReport>.Continuation
) {
  defer { reports.finish() }
  var pending = Data()
  while case let chunk = output.availableData, !chunk.isEmpty {
    pending.append(chunk)
    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
      let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
      pending.removeSubrange(pending.startIndex...newline)
      guard let report = ProbeReport(line: line) else { return }
      reports.yield(report)
    }
  }
}

/// The lines of the probes' log at `url`, split into words; none when there is no log yet.
func probeLogLines(_ url: URL) -> [[Substring]] {
  let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  return text.split(separator: "\n").map { $0.split(separator: " ") }
}
