import CardData
import CardDomain
import CardInfrastructure
import CardReplies
import Foundation
import LoopbackHTTPTestServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Darwin)
  import Darwin
#endif

/// A `sizeMiB` file sent to a loopback server that counts and drops what it receives: as the
/// image of a new card through the full client (`CardAPI`'s card repository over
/// `URLSessionTransport`, the Bearer token from the encrypted file store) against a bare
/// `URLSession.upload(for:fromFile:)` of the same file. The two alternate, in
/// turn first, over `rounds` rounds in one run, so that whatever else the machine does weighs on
/// both alike; the figure is the ratio of their throughputs, and the peak resident memory of
/// each upload shows whether it streamed. It removes every file it creates.
struct MultipartUploadBenchmark {
  static let goal = 0.9
  /// More than a few buffers in flight would mean the body is held, not streamed.
  static let allowedGrowth: Int64 = 64 << 20
  let sizeMiB: Int
  let rounds: Int

  func run() async -> Int32 {
    let directory = URL(fileURLWithPath: "/tmp", isDirectory: true)
      .appendingPathComponent("card-benchmarks-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      let input = directory.appendingPathComponent("input.bin")
      try writeInput(to: input)
      let server = try LoopbackHTTPServer(keepingBodies: false) { request in
        request.target == "/card"
          ? .respond(
            status: 201, headers: [("Content-Type", "application/json")], body: Self.created)
          : .respond(status: 204)
      }
      defer { server.stop() }
      let store = try await signedInStore(in: directory)
      let cards = CardAPI(baseURL: server.url(), transport: URLSessionTransport(), store: store)
        .cards
      let fileBytes = Int64(sizeMiB) << 20
      print(
        """
        multipart-upload: a \(sizeMiB) MiB file to a loopback server, \(rounds) interleaved rounds
          client: a new card (its text parts, the image file part) through CardAPI + URLSessionTransport
          raw:    URLSession.upload(for:fromFile:) of the file
        """)
      var raw: [Sample] = []
      var full: [Sample] = []
      for round in 0..<rounds {
        let rawFirst = round.isMultiple(of: 2)
        for isRaw in rawFirst ? [true, false] : [false, true] {
          let sample =
            isRaw
            ? try await measure { try await uploadRaw(input, to: server) }
            : try await measure { try await uploadThroughClient(input, cards: cards) }
          let received = server.requests.last?.bodyLength ?? 0
          guard isRaw ? received == fileBytes : received > fileBytes else {
            throw BenchmarkFailure(
              "the server received \(received) bytes of a \(fileBytes)-byte file")
          }
          if isRaw { raw.append(sample) } else { full.append(sample) }
        }
      }
      return report(raw: raw, client: full, fileBytes: fileBytes)
    } catch {
      printError("FAIL: \(error)")
      return 1
    }
  }

  private struct Sample {
    var seconds: Double
    /// The process's peak resident memory during the upload, over what it held before.
    var growth: Int64
    var peak: Int64
  }

  private func measure(_ upload: () async throws -> Void) async throws -> Sample {
    _ = resetPeakMemory()
    let before = currentMemory() ?? 0
    let start = ContinuousClock.now
    try await upload()
    let seconds = (ContinuousClock.now - start).timeInterval
    let peak = peakMemory() ?? 0
    return Sample(seconds: seconds, growth: max(peak - before, 0), peak: peak)
  }

  private func uploadRaw(_ input: URL, to server: LoopbackHTTPServer) async throws {
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    var request = URLRequest(url: server.url("/raw"))
    request.httpMethod = "POST"
    request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
    let (_, response) = try await session.upload(for: request, fromFile: input)
    guard (response as? HTTPURLResponse)?.statusCode == 204 else {
      throw BenchmarkFailure("the raw upload got \(response)")
    }
  }

  /// The repository itself, not `CreateCardUseCase`: the use case refuses an image over
  /// 10 MiB, and what is measured here is how the Data layer streams a file part.
  private func uploadThroughClient(_ input: URL, cards: RemoteCardRepository) async throws {
    let image = CardImage(
      source: .file(input, byteCount: Int64(sizeMiB) << 20), mimeType: .png, filename: "input.png")
    _ = try await cards.create(
      CardDraft(name: "A \(sizeMiB) MiB image", title: "multipart-upload", image: image))
  }

  /// The card the server answers the creation with.
  private static let created = Data(
    #"{"data":\#(Replies.cardJSON),"message":"card created","status":201,"success":true}"#.utf8)

  private func report(raw: [Sample], client: [Sample], fileBytes: Int64) -> Int32 {
    let ratios = zip(raw, client).map { $0.seconds / $1.seconds }
    func line(_ name: String, _ samples: [Sample]) -> String {
      let rates = samples.map { Double(fileBytes) / 1_048_576 / $0.seconds }
      let growth = samples.map(\.growth).max() ?? 0
      let peak = samples.map(\.peak).max() ?? 0
      return "  \(name) MiB/s \(spread(rates, "%.0f")); peak RSS \(mebibytes(peak)) MiB, "
        + "at most \(mebibytes(growth)) MiB over the RSS before the upload"
    }
    print(line("raw   ", raw))
    print(line("client", client))
    print("  client/raw throughput, per round: \(spread(ratios, "%.2f"))")
    let median = ratios.sorted()[ratios.count / 2]
    let growth = client.map(\.growth).max() ?? 0
    guard growth <= Self.allowedGrowth else {
      printError(
        "FAIL: the client's peak RSS grew by \(mebibytes(growth)) MiB, more than the "
          + "\(mebibytes(Self.allowedGrowth)) MiB allowed: the body is not streamed")
      return 1
    }
    guard median >= Self.goal else {
      printError("FAIL: median ratio \(String(format: "%.2f", median)), below \(Self.goal)")
      return 1
    }
    print("PASS: median ratio at least \(Self.goal), memory flat")
    return 0
  }

  /// `min / median / max`.
  private func spread(_ values: [Double], _ format: String) -> String {
    let sorted = values.sorted()
    return [sorted.first!, sorted[sorted.count / 2], sorted.last!]
      .map { String(format: format, $0) }.joined(separator: " / ") + " (min / median / max)"
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
    return procStatus("VmHWM:")
  #elseif canImport(Darwin)
    var usage = rusage()
    guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
    return Int64(usage.ru_maxrss)
  #else
    return nil
  #endif
}

/// The process's resident set size now (`VmRSS` on Linux); the peak where only that is known.
private func currentMemory() -> Int64? {
  #if os(Linux)
    return procStatus("VmRSS:")
  #else
    return peakMemory()
  #endif
}

#if os(Linux)
  /// A `/proc/self/status` field in bytes.
  private func procStatus(_ field: String) -> Int64? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
      let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Int64($0) })
    else { return nil }
    return kibibytes * 1024
  }
#endif

/// Lowers the peak to the current resident size (Linux: 5 into /proc/self/clear_refs), so
/// that one upload's peak is not hidden by an earlier one; `false` where it cannot.
private func resetPeakMemory() -> Bool {
  #if os(Linux)
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
  #else
    return false
  #endif
}
