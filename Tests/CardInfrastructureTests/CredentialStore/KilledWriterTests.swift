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

  /// A probe is allowed far more saves than it can make before the kill and saves distinct
  /// credentials back to back; it is killed with SIGKILL once the test has read a number of
  /// its reports that differs from round to round. `saving` and `done` alternate, so the kill lands during a save or
  /// between two, wherever the probe got while the test read and killed: every moment is a
  /// valid one, and none is chosen by a clock. The probe logs each credential before saving
  /// it, so the file must then hold the last credential logged (the save finished) or the one
  /// before (it did not). A later save must work and sweep any temporary file the probe left.
  @Test(.timeLimit(.minutes(1)))
  func aSaveKilledAtRandomMomentsLeavesTheOldOrTheNewCredential() async throws {
    let store = try fixture.keyFileStore()
    var previous = ProbeCredential(family: "initial", generation: 0)
    try await store.save(previous.credential)

    for round in 0..<8 {
      let log = fixture.root.appendingPathComponent("saves-\(round).log")
      let child = try ProbeChild.launch(
        ["save", fixture.home.path, log.path, "k\(round)"],
        errorURL: fixture.root.appendingPathComponent("saver-\(round).stderr"))
      var reports = child.reports.makeAsyncIterator()
      let first = await reports.next()
      try #require(first == .ready, "round \(round): the probe did not start: \(child.errors)")
      child.step(1_000)
      // Every round kills after another number of reports, the same in every run.
      let killAfter = 1 + (round * 7) % 20
      var seen = 0
      while seen < killAfter, await reports.next() != nil { seen += 1 }
      kill(child.processIdentifier, SIGKILL)
      let (reason, status) = await child.termination()
      try #require(
        seen == killAfter,
        "round \(round): the probe ended after \(seen) of \(killAfter) reports: \(child.errors)")
      #expect(
        reason == .uncaughtSignal && status == SIGKILL,
        "round \(round): the probe ended before the kill: \(status) \(child.errors)")

      let logged = probeLogLines(log).map { ProbeCredential(family: String($0[1]), generation: 0) }
      let candidates = [previous] + logged
      let loaded = try await fixture.keyFileStore().load()
      let allowed = Array(candidates.suffix(2))
      let found = ProbeCredential(loaded)
      let moment = "round \(round), killed after \(killAfter) reports, \(logged.count) saves logged"
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
