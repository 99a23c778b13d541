import CardData
import CardInfrastructure
import CredentialStoreProbeSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Encrypted file store: a writer killed in the middle of a save")
struct KilledWriterTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  /// Waits until the probe's log at `url` has `count` lines; false after `limit`.
  private func waitForLines(_ count: Int, in url: URL, limit: Duration) async throws -> Bool {
    let deadline = ContinuousClock.now + limit
    while probeLogLines(url).count < count {
      guard ContinuousClock.now < deadline else { return false }
      try await Task.sleep(for: .milliseconds(1))
    }
    return true
  }

  /// A probe saves distinct credentials in a tight loop and is killed with SIGKILL at a
  /// random moment. It logs each credential before saving it, so the file must then hold the
  /// last credential logged (the save finished) or the one before (it did not). A later save
  /// must work and sweep any temporary file the probe left.
  @Test(.timeLimit(.minutes(1)))
  func aSaveKilledAtRandomMomentsLeavesTheOldOrTheNewCredential() async throws {
    let store = try fixture.keyFileStore()
    var previous = ProbeCredential(family: "initial", generation: 0)
    try await store.save(previous.credential)

    for round in 0..<8 {
      let log = fixture.root.appendingPathComponent("saves-\(round).log")
      let child = try ProbeChild.launch(
        ["save", fixture.home.path, log.path, "k\(round)", "1000000", "0", "0"],
        errorURL: fixture.root.appendingPathComponent("saver-\(round).stderr"))
      let lines = Int.random(in: 1...10)
      let pause = Duration.microseconds(Int.random(in: 0...3000))
      let started = try await waitForLines(lines, in: log, limit: .seconds(10))
      try await Task.sleep(for: pause)
      kill(child.process.processIdentifier, SIGKILL)
      let (reason, status) = await child.termination()
      try #require(started, "round \(round): the probe logged no saves: \(child.errors)")
      #expect(
        reason == .uncaughtSignal && status == SIGKILL,
        "round \(round): the probe ended before the kill: \(status) \(child.errors)")

      let logged = probeLogLines(log).map { ProbeCredential(family: String($0[1]), generation: 0) }
      let candidates = [previous] + logged
      let loaded = try await fixture.keyFileStore().load()
      let allowed = Array(candidates.suffix(2))
      let found = ProbeCredential(loaded)
      let moment = "round \(round), killed \(pause) after \(lines) logged saves"
      #expect(
        found.map(allowed.contains) == true,
        "\(moment): found \(found?.description ?? "nothing"), expected one of \(allowed)")

      let next = ProbeCredential(family: "after\(round)", generation: 0)
      try await store.save(next.credential)
      #expect(try await fixture.keyFileStore().load() == next.credential)
      #expect(
        try fixture.homeContents() == ["credential.sealed", "credential.sealed.lock", "keys"])
      previous = next
    }
  }
}
