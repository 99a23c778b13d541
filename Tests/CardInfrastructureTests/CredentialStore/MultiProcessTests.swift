import CardData
import CardInfrastructure
import Foundation
import Testing

@Suite("Encrypted file store shared by several processes")
struct MultiProcessTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  /// A child process and what it wrote to standard error.
  private struct Child {
    let process: Process
    let exitStatus: AsyncStream<Int32>
    let errorURL: URL
  }

  private func launch(_ arguments: [String], index: Int) throws -> Child {
    let process = Process()
    process.executableURL = try ProbeBinary.url()
    process.arguments = arguments
    let errorURL = fixture.root.appendingPathComponent("child-\(index).stderr")
    guard FileManager.default.createFile(atPath: errorURL.path, contents: nil) else {
      throw FixtureError("cannot create \(errorURL.path)")
    }
    process.standardError = try FileHandle(forWritingTo: errorURL)
    process.standardOutput = FileHandle.nullDevice
    let (exitStatus, continuation) = AsyncStream<Int32>.makeStream()
    process.terminationHandler = { finished in
      continuation.yield(finished.terminationStatus)
      continuation.finish()
    }
    try process.run()
    return Child(process: process, exitStatus: exitStatus, errorURL: errorURL)
  }

  @Test(.timeLimit(.minutes(2)))
  func processesRefreshingAndReadingAtOnceSpendEachRefreshTokenOnceAndNeverCorruptTheFile()
    async throws
  {
    let refreshers = 4
    let refreshesEach = 15
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 0, userID: "probe"))
    let log = fixture.root.appendingPathComponent("refresh.log")
    let start = String(Date().timeIntervalSince1970 + 1.5)

    var children: [Child] = []
    for index in 0..<refreshers {
      children.append(
        try launch(
          ["refresh", fixture.home.path, log.path, String(refreshesEach), start], index: index))
    }
    children.append(try launch(["read", fixture.home.path, "400", start], index: refreshers))

    // This process reads too, the whole time, and must never see a broken file.
    var loads = 0
    while children.contains(where: { $0.process.isRunning }) {
      let loaded = try await store.load()
      #expect(loaded?.userID == "probe")
      loads += 1
      try await Task.sleep(for: .milliseconds(1))
    }
    for (index, child) in children.enumerated() {
      var status: Int32 = -1
      for await value in child.exitStatus { status = value }
      let errors = (try? String(contentsOf: child.errorURL, encoding: .utf8)) ?? ""
      #expect(status == 0, "child \(index) exited with \(status): \(errors)")
    }

    // One line per refresh: "<generation spent> <pid>".
    let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    let spent = lines.compactMap { Int($0.split(separator: " ")[0]) }
    let refreshingProcesses = Set(lines.map { $0.split(separator: " ")[1] })
    #expect(spent.count == lines.count)
    #expect(spent.sorted() == Array(0..<spent.count), "each generation refreshed exactly once")
    #expect(spent.count >= refreshesEach)
    #expect(spent.count <= refreshers * refreshesEach)

    let final = try await store.load()
    #expect(final == credential(generation: spent.count, userID: "probe"))
    #expect(try fixture.homeContents() == ["credential.sealed", "credential.sealed.lock", "keys"])
    #expect(loads > 0)
    #expect(refreshingProcesses.count >= 2, "the processes did take turns")
  }
}
