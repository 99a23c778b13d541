import CardData
import Foundation

/// Encodes a form with one text part and one large file part through ``MultipartEncoder``'s
/// temporary-file path, prints size, time, throughput and peak memory, and checks that the
/// peak grew by no more than ``allowedGrowth``: streaming keeps memory flat however large
/// the file is. Every file it creates is removed before it returns.
struct MultipartMemoryBenchmark {
  /// The largest peak-memory growth that still counts as flat.
  static let allowedGrowth: Int64 = 64 << 20

  /// The size of the file part, in MiB.
  let sizeMiB: Int

  /// Runs the benchmark and returns the process exit status: 0 when memory stayed flat.
  func run() -> Int32 {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-benchmarks-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      let report = try measure(in: directory)
      print("multipart-memory: one text part + one \(sizeMiB) MiB file part, via a temporary file")
      for line in report.lines { print(line) }
      guard report.peakGrowth <= Self.allowedGrowth else {
        printError(
          "FAIL: peak RSS grew by \(mebibytes(report.peakGrowth)) MiB, more than the "
            + "\(mebibytes(Self.allowedGrowth)) MiB allowed: the body is not streamed")
        return 1
      }
      print("PASS: peak RSS grew by at most \(mebibytes(Self.allowedGrowth)) MiB")
      return 0
    } catch {
      printError("FAIL: \(error)")
      return 1
    }
  }

  /// Writes the input file, encodes the form once, and checks the body's file.
  private func measure(in directory: URL) throws -> MultipartMemoryReport {
    let input = directory.appendingPathComponent("input.bin")
    try BenchmarkInputFile.write(mebibytes: sizeMiB, to: input)
    var form = MultipartFormData()
    form.append("A \(sizeMiB) MiB file part", name: "caption")
    form.appendFile(
      at: input, name: "file", filename: "input.bin", contentType: "application/octet-stream")
    // A 1 MiB threshold sends any real file part through the temporary file.
    let encoder = MultipartEncoder(memoryThreshold: 1 << 20, temporaryDirectory: directory)

    let peakWasReset = PeakResidentMemory.reset()
    guard let peakBefore = PeakResidentMemory.bytes() else {
      throw BenchmarkFailure("this platform does not report peak memory")
    }
    let clock = ContinuousClock()
    let start = clock.now
    let encoded = try encoder.encode(form)
    let elapsed = start.duration(to: clock.now)
    defer { encoded.removeTemporaryFile() }
    let peakAfter = PeakResidentMemory.bytes() ?? peakBefore

    guard let body = encoded.temporaryFile,
      let written = try FileManager.default.attributesOfItem(atPath: body.path)[.size]
        as? NSNumber,
      written.int64Value == encoded.body.length
    else { throw BenchmarkFailure("the body is not a temporary file of the reported length") }
    return MultipartMemoryReport(
      inputBytes: Int64(sizeMiB) << 20, bodyBytes: encoded.body.length, elapsed: elapsed,
      peakBefore: peakBefore, peakAfter: peakAfter, peakWasReset: peakWasReset)
  }
}
