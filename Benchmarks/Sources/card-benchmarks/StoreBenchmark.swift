import CardData
import CardInfrastructure
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the encrypted file store costs over the file operations it cannot do without: one
/// `save` followed by one `load` of the store, against an atomic write of the same bytes with
/// raw POSIX calls (a temporary file written and `fsync`ed, renamed over the file, the
/// directory `fsync`ed) followed by a read of them. Both run in the same directory, one after
/// the other in every round, so that the disk and the rest of the machine weigh on both alike;
/// the figure is the ratio of the medians of their wall-clock times.
struct StoreBenchmark {
  let rounds: Int
  static let goal = 1.5

  func run() async -> Int32 {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-benchmarks-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    do {
      let storeDirectory = root.appendingPathComponent("store", isDirectory: true)
      let store = try EncryptedFileCredentialStore(
        configuration: .init(directory: storeDirectory))
      let credential = AuthCredential(
        userID: "demo", accessToken: "benchmark-access", refreshToken: "benchmark-refresh",
        expiresAt: Date().addingTimeInterval(86_400))
      // The first save creates the key file; the raw side writes what the store writes.
      try await store.save(credential)
      let bytes = try [UInt8](Data(contentsOf: store.configuration.sealedFileURL))
      let rawDirectory = root.appendingPathComponent("raw", isDirectory: true).path
      guard mkdir(rawDirectory, 0o700) == 0 else { throw BenchmarkFailure("mkdir \(rawDirectory)") }
      let raw = RawFile(directory: rawDirectory, name: "credential.sealed")

      var rawTimes: [Duration] = []
      var storeTimes: [Duration] = []
      for _ in 0..<rounds {
        var start = ContinuousClock.now
        try raw.replace(with: bytes)
        guard try raw.readAll(count: bytes.count) == bytes else {
          throw BenchmarkFailure("the raw read gave other bytes")
        }
        rawTimes.append(ContinuousClock.now - start)
        start = ContinuousClock.now
        try await store.save(credential)
        guard try await store.load() == credential else {
          throw BenchmarkFailure("the store's load gave another credential")
        }
        storeTimes.append(ContinuousClock.now - start)
      }
      let ratio = median(storeTimes) / median(rawTimes)
      print(
        """
        store: save + load against an atomic write + read of the same \(bytes.count) bytes, \
        \(rounds) interleaved rounds
          raw POSIX   \(summary(rawTimes))
          store       \(summary(storeTimes))
          ratio of the medians \(String(format: "%.2f", ratio))×
        """)
      guard ratio <= Self.goal else {
        printError("FAIL: above \(Self.goal)×")
        return 1
      }
      print("PASS: at most \(Self.goal)×")
      return 0
    } catch {
      printError("FAIL: \(error)")
      return 1
    }
  }

  private func median(_ times: [Duration]) -> Duration { times.sorted()[times.count / 2] }

  /// `min/median/max` in milliseconds.
  private func summary(_ times: [Duration]) -> String {
    let sorted = times.sorted()
    let milliseconds = { (time: Duration) in String(format: "%.3f", time.timeInterval * 1000) }
    return "min \(milliseconds(sorted[0])) ms, median \(milliseconds(median(times))) ms, "
      + "max \(milliseconds(sorted[sorted.count - 1])) ms"
  }
}

/// The floor: the system calls that any atomic, durable replace and any read of a file make.
private struct RawFile {
  let directory: String
  let name: String
  private var path: String { directory + "/" + name }

  init(directory: String, name: String) {
    self.directory = directory
    self.name = name
  }

  func replace(with bytes: [UInt8]) throws {
    let temporary = directory + "/." + name + ".tmp"
    let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard file >= 0 else { throw BenchmarkFailure("open \(temporary)") }
    let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    guard written == bytes.count, fsync(file) == 0, close(file) == 0 else {
      throw BenchmarkFailure("write \(temporary)")
    }
    guard rename(temporary, path) == 0 else { throw BenchmarkFailure("rename \(temporary)") }
    let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0, fsync(folder) == 0, close(folder) == 0 else {
      throw BenchmarkFailure("fsync \(directory)")
    }
  }

  func readAll(count: Int) throws -> [UInt8] {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { throw BenchmarkFailure("open \(path)") }
    defer { close(file) }
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
    guard got == count else { throw BenchmarkFailure("read \(path)") }
    return bytes
  }
}
