import CardData
import Foundation

#if canImport(Darwin)
  import Darwin
#endif

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

/// The figures of one `multipart-memory` run, and how they print.
struct MultipartMemoryReport {
  /// The size of the file part.
  let inputBytes: Int64
  /// The length of the encoded body.
  let bodyBytes: Int64
  /// How long encoding took.
  let elapsed: Duration
  /// The process's peak resident memory just before encoding.
  let peakBefore: Int64
  /// The process's peak resident memory just after encoding.
  let peakAfter: Int64
  /// Whether the peak was lowered to the current resident size just before encoding, so
  /// that set-up work does not hide the encoder's own peak.
  let peakWasReset: Bool

  /// How much encoding raised the peak.
  var peakGrowth: Int64 { peakAfter - peakBefore }

  /// How long encoding took, in seconds.
  var seconds: Double {
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// Input MiB encoded per second.
  var throughput: Double { Double(inputBytes) / 1_048_576 / seconds }

  /// The figures, one per line.
  var lines: [String] {
    [
      "  input size        \(inputBytes) bytes (\(mebibytes(inputBytes)) MiB)",
      "  encoded body      \(bodyBytes) bytes (\(mebibytes(bodyBytes)) MiB)",
      "  elapsed           \(String(format: "%.3f", seconds)) s",
      "  throughput        \(String(format: "%.1f", throughput)) MiB/s",
      "  peak RSS before   \(mebibytes(peakBefore)) MiB"
        + (peakWasReset ? " (peak reset to current RSS)" : " (set-up peak; not resettable)"),
      "  peak RSS after    \(mebibytes(peakAfter)) MiB",
      "  peak RSS growth   \(mebibytes(peakGrowth)) MiB",
    ]
  }
}

/// Creates benchmark input files without holding them in memory.
enum BenchmarkInputFile {
  /// Writes a file of `mebibytes` MiB at `url`, one reused 1 MiB buffer of varied bytes at a
  /// time, so that reading it back costs real I/O rather than the zero pages of a sparse file.
  static func write(mebibytes: Int, to url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let mebibyte = Data((0..<(1 << 20)).map { UInt8($0 % 251) })
    for _ in 0..<mebibytes {
      try handle.write(contentsOf: mebibyte)
    }
  }
}

/// The process's peak resident set size (its memory high-water mark), in bytes.
enum PeakResidentMemory {
  /// The peak so far, or `nil` where the platform does not report it.
  static func bytes() -> Int64? {
    #if os(Linux)
      // `VmHWM:   12345 kB` in /proc/self/status.
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Int64($0) })
      else { return nil }
      return kibibytes * 1024
    #elseif canImport(Darwin)
      // Apple platforms report `ru_maxrss` in bytes.
      var usage = rusage()
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      return Int64(usage.ru_maxrss)
    #else
      return nil
    #endif
  }

  /// Lowers the peak to the current resident size, so that a later reading shows the peak
  /// of what runs in between rather than of earlier set-up work. Linux supports this
  /// (writing 5 to /proc/self/clear_refs); elsewhere it returns `false` and the peak stays.
  @discardableResult
  static func reset() -> Bool {
    #if os(Linux)
      guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else {
        return false
      }
      defer { try? handle.close() }
      return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    #else
      return false
    #endif
  }
}
