import CardData
import Foundation

#if canImport(Darwin)
  import Darwin
#endif

/// Encodes a form with one text part and one `sizeMiB` file part through ``MultipartEncoder``'s
/// temporary-file path and checks that peak memory grew by at most ``allowedGrowth``:
/// streaming keeps memory flat however large the file is. It removes every file it creates.
struct MultipartMemoryBenchmark {
  static let allowedGrowth: Int64 = 64 << 20
  let sizeMiB: Int

  func run() -> Int32 {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-benchmarks-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      let input = directory.appendingPathComponent("input.bin")
      try writeInput(to: input)
      var form = MultipartFormData()
      form.append("A \(sizeMiB) MiB file part", name: "caption")
      form.appendFile(
        at: input, name: "file", filename: "input.bin", contentType: "application/octet-stream")
      // A 1 MiB threshold sends any real file part through the temporary file.
      let encoder = MultipartEncoder(memoryThreshold: 1 << 20, temporaryDirectory: directory)

      let peakWasReset = resetPeakMemory()
      guard let before = peakMemory() else {
        throw BenchmarkFailure("this platform does not report peak memory")
      }
      let start = ContinuousClock.now
      let encoded = try encoder.encode(form)
      let seconds = (ContinuousClock.now - start).timeInterval
      defer { encoded.removeTemporaryFile() }
      let growth = (peakMemory() ?? before) - before
      guard let body = encoded.temporaryFile,
        let written = try FileManager.default.attributesOfItem(atPath: body.path)[.size]
          as? NSNumber,
        written.int64Value == encoded.body.length
      else { throw BenchmarkFailure("the body is not a temporary file of the reported length") }

      let inputBytes = Int64(sizeMiB) << 20
      let throughput = Double(inputBytes) / 1_048_576 / seconds
      let peakNote = peakWasReset ? "(peak reset to current RSS)" : "(set-up peak; not resettable)"
      print(
        """
        multipart-memory: one text part + one \(sizeMiB) MiB file part, via a temporary file
          input size        \(inputBytes) bytes (\(mebibytes(inputBytes)) MiB)
          encoded body      \(encoded.body.length) bytes (\(mebibytes(encoded.body.length)) MiB)
          elapsed           \(String(format: "%.3f", seconds)) s
          throughput        \(String(format: "%.1f", throughput)) MiB/s
          peak RSS before   \(mebibytes(before)) MiB \(peakNote)
          peak RSS growth   \(mebibytes(growth)) MiB
        """)
      guard growth <= Self.allowedGrowth else {
        printError(
          "FAIL: peak RSS grew by \(mebibytes(growth)) MiB, more than the "
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

  /// A 1 MiB buffer of varied bytes written again and again, so that reading the file back
  /// costs real I/O rather than the zero pages of a sparse file.
  private func writeInput(to url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let mebibyte = Data((0..<(1 << 20)).map { UInt8($0 % 251) })
    for _ in 0..<sizeMiB { try handle.write(contentsOf: mebibyte) }
  }
}

/// The process's peak resident set size in bytes (`VmHWM` on Linux, `ru_maxrss` on Apple
/// platforms), or `nil` where the platform does not report it.
private func peakMemory() -> Int64? {
  #if os(Linux)
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Int64($0) })
    else { return nil }
    return kibibytes * 1024
  #elseif canImport(Darwin)
    var usage = rusage()
    guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
    return Int64(usage.ru_maxrss)
  #else
    return nil
  #endif
}

/// Lowers the peak to the current resident size (Linux: 5 into /proc/self/clear_refs), so
/// that set-up work does not hide the encoder's own peak; `false` where it cannot.
private func resetPeakMemory() -> Bool {
  #if os(Linux)
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
  #else
    return false
  #endif
}
