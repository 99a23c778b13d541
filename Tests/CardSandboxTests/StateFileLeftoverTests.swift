import CardSandbox
import CardTestSupport
import Foundation
import Testing

/// A sandbox killed between creating its temporary state file and renaming it leaves the
/// temporary file behind; the next sandbox on the file removes it, but never one that a
/// running process of an earlier build may still be writing.
@Suite("State file: temporary files of killed writers")
struct StateFileLeftoverTests {
  let directory: TemporaryDirectory
  let clock = FakeWallClock()

  init() throws {
    directory = try TemporaryDirectory()
    _ = try CardSandbox(stateFile: directory.stateFile, clock: clock.now)
  }

  @Test("a starting sandbox removes this build's temporary files, which only a dead writer leaves")
  func startRemovesThisBuildsLeftovers() throws {
    try directory.write(Data("{".utf8), to: ".state.json.tmp-00000000deadbeef")
    try directory.write(Data("{".utf8), to: ".state.json.tmp-0123456789abcdef")

    _ = try CardSandbox(stateFile: directory.stateFile, clock: clock.now)
    #expect(try directory.entries() == ["state.json", "state.json.lock"])
  }

  @Test("a save removes this build's temporary files")
  func saveRemovesThisBuildsLeftovers() async throws {
    let sandbox = try CardSandbox(stateFile: directory.stateFile, clock: clock.now)
    try directory.write(Data("{".utf8), to: ".state.json.tmp-00000000deadbeef")

    _ = try await sandbox.login()
    #expect(try directory.entries() == ["state.json", "state.json.lock"])
  }

  @Test("earlier builds' temporary files are removed once a minute old, and only those")
  func startRemovesEarlierBuildsLeftoversOnceAMinuteOld() throws {
    let old = ".state.json.\(UUID().uuidString).tmp"
    let recent = ".state.json.\(UUID().uuidString).tmp"
    let unrelated = [
      ".state.json.notes.tmp", "state.json.\(UUID().uuidString).tmp", ".other.tmp-1",
    ]
    try written(old, modified: clock.now().addingTimeInterval(-61))
    try written(recent, modified: clock.now().addingTimeInterval(-59))
    for name in unrelated {
      try written(name, modified: clock.now().addingTimeInterval(-3600))
    }

    _ = try CardSandbox(stateFile: directory.stateFile, clock: clock.now)
    #expect(
      try directory.entries() == ([recent, "state.json", "state.json.lock"] + unrelated).sorted())
  }

  private func written(_ name: String, modified: Date) throws {
    let file = try directory.write(Data("{".utf8), to: name)
    try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
  }
}
