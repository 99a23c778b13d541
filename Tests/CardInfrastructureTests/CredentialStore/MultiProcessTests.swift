import CardData
import CardInfrastructure
import CredentialStoreProbeSupport
import Foundation
import Testing

@Suite("Encrypted file store shared by several processes")
struct MultiProcessTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  private func launch(_ arguments: [String], index: Int) throws -> ProbeChild {
    try ProbeChild.launch(
      arguments, errorURL: fixture.root.appendingPathComponent("child-\(index).stderr"))
  }

  /// Savers store credentials of new families while refreshers refresh whatever is stored
  /// and readers read. Each stored credential has its own single-use refresh token, so "never
  /// refresh twice for one expiry" means: no (family, generation) is refreshed twice. And
  /// since a family starts at generation 0 with its save and each refresh stores the next
  /// generation, the refreshed generations of a family are exactly 0, 1, 2, … without gaps,
  /// and the final credential is its family's last refreshed generation plus one.
  @Test(.timeLimit(.minutes(1)))
  func processesSavingRefreshingAndReadingAtOnceNeverCorruptTheFileOrRefreshTwice()
    async throws
  {
    let refreshers = 3
    let refreshesEach = 15
    let savers = 2
    let savesEach = 8
    let store = try fixture.keyFileStore()
    let initial = ProbeCredential(family: "initial", generation: 0)
    try await store.save(initial.credential)
    let log = fixture.root.appendingPathComponent("probes.log")
    let start = String(Date().timeIntervalSince1970 + 1.5)
    let home = fixture.home.path

    var children: [ProbeChild] = []
    for index in 0..<refreshers {
      children.append(
        try launch(["refresh", home, log.path, String(refreshesEach), start], index: index))
    }
    for index in 0..<savers {
      children.append(
        try launch(
          ["save", home, log.path, "s\(index)", String(savesEach), start, "15"],
          index: refreshers + index))
    }
    children.append(try launch(["read", home, "300", start], index: refreshers + savers))

    // This process reads too, the whole time, and must never see a broken file.
    var loads = 0
    while children.contains(where: { $0.process.isRunning }) {
      let loaded = try await store.load()
      #expect(ProbeCredential(loaded) != nil)
      loads += 1
      try await Task.sleep(for: .milliseconds(1))
    }
    for (index, child) in children.enumerated() {
      let (reason, status) = await child.termination()
      #expect(
        reason == .exit && status == 0, "child \(index) ended with \(status): \(child.errors)")
    }

    let lines = probeLogLines(log)
    let saved = lines.filter { $0.first == "save" }.map { String($0[1]) }
    let refreshed = lines.filter { $0.first == "refresh" }.map {
      ProbeCredential(family: String($0[1]), generation: Int($0[2]) ?? -1)
    }
    let refreshingProcesses = Set(lines.filter { $0.first == "refresh" }.map { $0[3] })
    #expect(saved.count + refreshed.count == lines.count)
    #expect(saved.count == savers * savesEach)
    #expect(Set(saved).count == saved.count, "every save starts a family of its own")

    // Never refresh twice for one expiry.
    #expect(Set(refreshed).count == refreshed.count, "a credential was refreshed twice")
    // Only stored credentials are refreshed, each family from generation 0 on, without gaps.
    let families = Set(saved).union([initial.family])
    let generations = Dictionary(grouping: refreshed, by: \.family).mapValues {
      $0.map(\.generation).sorted()
    }
    for (family, spent) in generations {
      #expect(families.contains(family), "\(family) was never saved")
      #expect(spent == Array(0..<spent.count), "family \(family) refreshed \(spent)")
    }

    let final = try #require(ProbeCredential(try await store.load()))
    #expect(families.contains(final.family))
    #expect(final.generation == generations[final.family]?.count ?? 0)
    #expect(try fixture.homeContents() == ["credential.sealed", "credential.sealed.lock", "keys"])

    // The processes did interleave: refreshes by several processes, of saved credentials too.
    #expect(loads > 0)
    #expect(refreshed.count > 0 && refreshed.count <= refreshers * refreshesEach)
    #expect(refreshingProcesses.count >= 2)
    #expect(refreshed.contains { $0.family != initial.family }, "no saved credential refreshed")
  }
}
