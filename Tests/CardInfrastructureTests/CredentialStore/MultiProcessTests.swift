import CardData
import CardInfrastructure
import CardPrimitives
import CredentialStoreProbeSupport
import Foundation
import Synchronization
import Testing

/// The test drives every probe one step at a time: each child waits for the test's step,
/// does it, and reports `done`, and the test allows the next step at once unless the child
/// has done its part. So the children run at once, interleaved however the machine schedules
/// them, but how far each one gets is decided by what they reported, never by a clock.
@Suite("Encrypted file store shared by several processes")
struct MultiProcessTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  private enum Role: Sendable { case saver, refresher, reader }

  /// What one child did, as the test saw it.
  private struct Run: Sendable {
    let role: Role
    /// The steps it reported done.
    var steps = 0
    /// The credentials whose refresh tokens it reported spent.
    var spent: [ProbeCredential] = []
    /// The loads this process made while the child worked, one after each of its steps.
    var loads = 0
  }

  /// Shared by the children's drivers, which use it at once: one atomic count, so no driver
  /// waits for another.
  private final class Schedule: Sendable {
    let store: EncryptedFileCredentialStore
    /// How many savers made all their saves (or ended).
    let saversDone = Atomic(0)

    init(store: EncryptedFileCredentialStore) { self.store = store }
  }

  private func launch(_ arguments: [String], index: Int) throws -> ProbeChild {
    try ProbeChild.launch(
      arguments, errorURL: fixture.root.appendingPathComponent("child-\(index).stderr"))
  }

  /// Steps `child`, which has reported ready, while `continues` says so after each step,
  /// loading the store after each step (this process reads too, the whole time, and must
  /// never see a broken file), then tells it to exit.
  private static func drive(
    _ child: ProbeChild, as role: Role, in schedule: Schedule,
    while continues: @Sendable (Run) -> Bool
  ) async throws -> Run {
    var run = Run(role: role)
    defer {
      child.stop()
      if role == .saver { schedule.saversDone.add(1, ordering: .releasing) }
    }
    child.step()
    for await report in child.reports {
      switch report {
      case .spent(let credential):
        run.spent.append(credential)
      case .done:
        run.steps += 1
        let loaded = try await schedule.store.load()
        #expect(ProbeCredential(loaded) != nil, "this process read \(String(describing: loaded))")
        run.loads += 1
        guard continues(run) else { return run }
        child.step()
      case .ready, .saving:
        break
      }
    }
    return run
  }

  /// Savers store credentials of new families while refreshers refresh whatever is stored
  /// and readers read. Each stored credential has its own single-use refresh token, so "never
  /// refresh twice for one expiry" means: no (family, generation) is refreshed twice. And
  /// since a family starts at generation 0 with its save and each refresh stores the next
  /// generation, the refreshed generations of a family are exactly 0, 1, 2, … without gaps,
  /// and the final credential is its family's last refreshed generation plus one.
  ///
  /// A refresher stops only once every saver is done and it has made its refresh calls and
  /// spent a saved credential's token itself: after the last save only refreshers write, so
  /// while several run at least one of them spends a token with each round, and the last one
  /// alone spends one with each call. So every refreshing process refreshes, a saved
  /// credential among others, however the processes interleave.
  @Test(.timeLimit(.minutes(1)))
  func processesSavingRefreshingAndReadingAtOnceNeverCorruptTheFileOrRefreshTwice()
    async throws
  {
    let refreshers = 3
    let refreshesEach = 15
    let savers = 2
    let savesEach = 8
    let readsEach = 300
    let store = try fixture.keyFileStore()
    let initial = ProbeCredential(family: "initial", generation: 0)
    try await store.save(initial.credential)
    let log = fixture.root.appendingPathComponent("probes.log")
    let home = fixture.home.path

    var children: [(role: Role, child: ProbeChild)] = []
    for index in 0..<refreshers {
      children.append((.refresher, try launch(["refresh", home, log.path], index: index)))
    }
    for index in 0..<savers {
      children.append(
        (.saver, try launch(["save", home, log.path, "s\(index)"], index: refreshers + index)))
    }
    children.append((.reader, try launch(["read", home], index: refreshers + savers)))

    // Every child opens the store before any starts, so that they start together.
    for (index, (_, child)) in children.enumerated() {
      var reports = child.reports.makeAsyncIterator()
      let first = await reports.next()
      try #require(first == .ready, "child \(index) did not start: \(child.errors)")
    }
    let schedule = Schedule(store: store)
    let runs = try await withThrowingTaskGroup(of: Run.self) { group in
      for (role, child) in children {
        group.addTask {
          try await Self.drive(child, as: role, in: schedule) { run in
            switch role {
            case .saver: run.steps < savesEach
            case .reader: run.steps < readsEach
            case .refresher:
              schedule.saversDone.load(ordering: .acquiring) < savers
                || run.steps < refreshesEach
                || !run.spent.contains { $0.family != initial.family }
            }
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for (index, (_, child)) in children.enumerated() {
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

    // Each refresh call spent at most one token, and the log holds exactly those reported.
    let refresherRuns = runs.filter { $0.role == .refresher }
    let refreshCalls = refresherRuns.map(\.steps).reduce(0, +)
    #expect(refresherRuns.allSatisfy { $0.steps >= refreshesEach })
    #expect(refreshed.count > 0 && refreshed.count <= refreshCalls)
    #expect(
      runs.flatMap(\.spent).map(\.description).sorted()
        == refreshed.map(\.description).sorted())
    // Every child did its part, and this process read after each step.
    #expect(
      runs.filter { $0.role == .saver }.map(\.steps) == Array(repeating: savesEach, count: savers))
    #expect(runs.filter { $0.role == .reader }.map(\.steps) == [readsEach])
    #expect(runs.map(\.loads) == runs.map(\.steps))
    // The processes did interleave: refreshes by every refreshing process, of saved
    // credentials too.
    #expect(refreshingProcesses.count == refreshers)
    #expect(refreshed.contains { $0.family != initial.family }, "no saved credential refreshed")
  }
}
