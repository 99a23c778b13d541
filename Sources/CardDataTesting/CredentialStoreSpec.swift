import CardData
import CardDomain
import CardPrimitives
import CardTestingPrimitives
import Foundation

/// The contract of `CardData.CredentialStore`, as checks that run against any
/// implementation (``InMemoryCredentialStore`` and the encrypted file store pass them all):
/// absent is not unreadable, and an unreadable store is never replaced nor taken for signed
/// out (only `clear()` removes it); `clear(ifStill:)` keeps a newer credential; a refresh runs
/// under the store's exclusive lock, reading the credential again inside it, so handles on one
/// storage spend a single-use refresh token once; a wait for the lock ends when its task is
/// cancelled, with `.unavailable`, and changes nothing.
///
/// ```swift
/// @Test(arguments: CredentialStoreSpec.checks)
/// func appCredentialStore(_ check: CredentialStoreSpec.Check) async throws {
///   let service = "tests-\(UUID())"
///   try await check.run(
///     on: .init(
///       open: { AppCredentialStore(service: service) },  // a second handle, one storage
///       corrupt: { try AppCredentialStore.overwriteWithGarbage(service: service) }))
/// }
/// ```
public enum CredentialStoreSpec {
  public typealias Check = SpecCheck<Subject>

  /// The implementation under test, on storage of its own that starts empty. `open` may be
  /// called twice in a check: both handles must share the storage, as two processes opening
  /// one file do. `corrupt` leaves something unreadable behind, on an empty storage too.
  public struct Subject: Sendable {
    public var open: @Sendable () async throws -> any CredentialStore
    public var corrupt: @Sendable () async throws -> Void

    public init(
      open: @escaping @Sendable () async throws -> any CredentialStore,
      corrupt: @escaping @Sendable () async throws -> Void
    ) {
      self.open = open
      self.corrupt = corrupt
    }
  }

  public static let checks: [Check] = [
    check("a new store is empty: load gives nil") { store, _ in
      try await expectStored(nil, in: store, "load() of a new store gave")
    },

    check(
      "save then load gives back every field, and a second save replaces the first", holding: first
    ) { store, _ in
      try await expectStored(first, in: store, "load() after save gave")
      try await store.save(second)
      try await expectStored(second, in: store, "the second save left")
    },

    check("another handle on the same storage sees a save and a clear at once") { writer, subject in
      let reader = try await subject.open()
      try await writer.save(first)
      try await expectStored(first, in: reader, "the other handle loaded")
      try await writer.clear()
      try await expectStored(nil, in: reader, "after clear the other handle loaded")
    },

    check("clear removes the credential, and clearing an empty store succeeds") { store, _ in
      try await store.clear()
      try await store.save(first)
      try await store.clear()
      try await expectStored(nil, in: store, "load() after clear gave")
    },

    check("an unreadable store throws on load and is never taken for signed out", holding: first) {
      store, subject in
      try await subject.corrupt()
      let loaded = await outcome { () throws(CredentialStoreError) in try await store.load() }
      try expect(loaded.failure != nil, "load() of an unreadable store gave \(loaded)")
    },

    check("an unreadable store is never replaced: save, clear(ifStill:) and refresh throw") {
      store, subject in
      try await subject.corrupt()
      let saved = await outcome { () throws(CredentialStoreError) in try await store.save(second) }
      try expect(saved.failure != nil, "save over an unreadable store succeeded")
      let cleared = await outcome { () throws(CredentialStoreError) in
        try await store.clear(ifStill: first)
      }
      try expect(cleared.failure != nil, "clear(ifStill:) of an unreadable store gave \(cleared)")
      let refreshes = Tally()
      let refreshed = await outcome { () throws(CredentialRefreshError) in
        try await store.refreshCredential(
          replacing: first, using: scriptedRefresh(to: second, refreshes))
      }
      guard case .failure(.storage) = refreshed else {
        throw failure("a refresh of an unreadable store gave \(refreshed), not .storage")
      }
      try expect(refreshes.count == 0, "a refresh of an unreadable store called refresh")
      let stillUnreadable = await outcome { () throws(CredentialStoreError) in
        try await store.load()
      }
      try expect(stillUnreadable.failure != nil, "the unreadable store was replaced")
    },

    check("clear removes an unreadable store; then it is empty and takes a save") {
      store, subject in
      try await subject.corrupt()
      try await store.clear()
      try await expectStored(nil, in: store, "load() after clearing an unreadable store gave")
      try await store.save(first)
      try await expectStored(first, in: store, "save after clear left")
    },

    check("clear(ifStill:) removes the credential it is given, and keeps any other") { store, _ in
      let onEmpty = try await store.clear(ifStill: first)
      try expect(!onEmpty, "clear(ifStill:) of an empty store returned true")
      try await store.save(second)
      let kept = try await store.clear(ifStill: first)
      try expect(!kept, "clear(ifStill:) removed a newer credential")
      try await expectStored(second, in: store, "clear(ifStill:) of another credential left")
      let removed = try await store.clear(ifStill: second)
      try expect(removed, "clear(ifStill:) of the stored credential returned false")
      try await expectStored(nil, in: store, "clear(ifStill:) of the stored credential left")
    },

    check(
      "a refresh calls refresh once with the stale credential and stores the result", holding: first
    ) { store, _ in
      let calls = Recorder()
      let fresh = try await store.refreshCredential(replacing: first) { stale throws(CardError) in
        calls.record(stale)
        return second
      }
      try expect(fresh == second, "refreshCredential returned \(fresh)")
      try expect(calls.values == [first], "refresh was called with \(calls.values)")
      try await expectStored(second, in: store, "after the refresh the store holds")
    },

    check("a refresh of a credential already replaced returns the stored one, no refresh") {
      store, subject in
      let other = try await subject.open()
      try await store.save(second)
      let refreshes = Tally()
      let current = try await other.refreshCredential(
        replacing: first, using: scriptedRefresh(to: third, refreshes))
      try expect(current == second, "a refresh of a replaced credential returned \(current)")
      try expect(refreshes.count == 0, "a refresh of a replaced credential called refresh")
    },

    check("a refresh of an empty store throws .signedOut without calling refresh") { store, _ in
      let refreshes = Tally()
      let result = await outcome { () throws(CredentialRefreshError) in
        try await store.refreshCredential(
          replacing: first, using: scriptedRefresh(to: second, refreshes))
      }
      try expect(result.failure == .signedOut, "a refresh of an empty store gave \(result)")
      try expect(refreshes.count == 0, "a refresh of an empty store called refresh")
    },

    check("a failed refresh throws .refresh(error) and keeps the stored credential", holding: first)
    { store, _ in
      let refusal = CardError.requestErr(message: "refresh token revoked", status: 401)
      let result = await outcome { () throws(CredentialRefreshError) in
        try await store.refreshCredential(replacing: first) { _ throws(CardError) in
          throw refusal
        }
      }
      try expect(result.failure == .refresh(refusal), "a failed refresh gave \(result)")
      try await expectStored(first, in: store, "a failed refresh left")
    },

    Check("two handles refreshing one credential at once call refresh once; both get the result") {
      subject in
      let one = try await subject.open()
      let two = try await subject.open()
      try await one.save(first)
      let entered = Tally()
      let (release, holder) = try await heldRefresh(of: one, counting: entered)
      defer { release.open() }
      let follower = Task {
        await outcome { () throws(CredentialRefreshError) in
          try await two.refreshCredential(
            replacing: first, using: scriptedRefresh(to: second, entered, heldUntil: release))
        }
      }
      release.open()
      let results = [
        try await value(of: holder, "the first refresh"),
        try await value(of: follower, "the second refresh"),
      ]
      try expect(results.allSatisfy { $0.value == second }, "the two refreshes gave \(results)")
      try expect(entered.count == 1, "refresh was called \(entered.count) times")
    },

    Check("a save waits for a refresh in flight, so the refresh cannot overwrite it") {
      subject in
      let (saved, stored) = try await duringRefresh(of: subject, "the save") {
        (store) throws(CredentialStoreError) in try await store.save(third)
      }
      try expect(saved.failure == nil, "the save made during a refresh gave \(saved)")
      try expect(stored == third, "a save made during a refresh left \(stored as Any)")
    },

    Check("a clear waits for a refresh in flight, so the refresh cannot undo a sign-out") {
      subject in
      let (cleared, stored) = try await duringRefresh(of: subject, "the clear") {
        (store) throws(CredentialStoreError) in try await store.clear()
      }
      try expect(cleared.failure == nil, "the clear made during a refresh gave \(cleared)")
      try expect(stored == nil, "a clear made during a refresh left \(stored as Any)")
    },

    Check("a clear(ifStill:) waits for a refresh in flight and keeps what it stored") {
      subject in
      let (cleared, stored) = try await duringRefresh(of: subject, "the clear(ifStill:)") {
        (store) throws(CredentialStoreError) in try await store.clear(ifStill: first)
      }
      try expect(
        cleared.value == false, "a clear(ifStill:) of the refreshed credential gave \(cleared)")
      try expect(stored == second, "a clear(ifStill:) made during a refresh left \(stored as Any)")
    },

    check(
      "a call waiting for the lock ends when cancelled, with .unavailable, and changes nothing",
      holding: first
    ) { store, _ in
      let (release, refresh) = try await heldRefresh(of: store)
      defer { release.open() }
      let waiting = Task {
        await outcome { () throws(CredentialStoreError) in try await store.save(third) }
      }
      waiting.cancel()
      let cancelled = try await value(of: waiting, "a save cancelled while waiting for the lock")
      try expect(
        cancelled.failure?.kind == .unavailable,
        "a save cancelled while waiting for the lock gave \(cancelled)")
      release.open()
      let refreshed = try await value(of: refresh, "the refresh")
      try expect(refreshed.value == second, "the refresh in flight gave \(refreshed)")
      try await expectStored(second, in: store, "the cancelled save changed the store to")
    },

    check("cancelling a refresh in flight keeps the credential and frees the lock", holding: first)
    { store, _ in
      let (_, refresh) = try await heldRefresh(of: store)
      refresh.cancel()
      let result = try await value(of: refresh, "a refresh cancelled in flight")
      try expect(result.failure == .refresh(.cancelled), "a cancelled refresh gave \(result)")
      try await expectStored(first, in: store, "a cancelled refresh left")
      try await store.save(third)
      try await expectStored(third, in: store, "after a cancelled refresh a save left")
    },
  ]

  /// A check that starts with a store opened on the subject's storage, holding `stored`.
  private static func check(
    _ description: String, holding stored: AuthCredential? = nil,
    _ body: @escaping @Sendable (any CredentialStore, Subject) async throws -> Void
  ) -> Check {
    Check(description) { subject in
      let store = try await subject.open()
      if let stored { try await store.save(stored) }
      try await body(store, subject)
    }
  }

  /// Throws a ``SpecFailure`` unless `store` holds `expected`; the message ends with what it
  /// holds.
  private static func expectStored(
    _ expected: AuthCredential?, in store: any CredentialStore, _ message: String,
    fileID: String = #fileID, line: Int = #line
  ) async throws {
    let stored = try await store.load()
    try expect(
      stored == expected, "\(message) \(String(describing: stored))", fileID: fileID, line: line)
  }

  /// Runs `call` on a store holding `first` while a refresh to `second` holds its lock, lets
  /// the refresh end, and returns the call's outcome and what the store then holds.
  private static func duringRefresh<Value: Sendable>(
    of subject: Subject, _ what: String,
    _ call: @escaping @Sendable (any CredentialStore) async throws(CredentialStoreError) -> Value
  ) async throws -> (Result<Value, CredentialStoreError>, AuthCredential?) {
    let store = try await subject.open()
    try await store.save(first)
    let (release, refresh) = try await heldRefresh(of: store)
    defer { release.open() }
    let task = Task { await outcome { () throws(CredentialStoreError) in try await call(store) } }
    release.open()
    _ = try await value(of: refresh, "the refresh")
    let result = try await value(of: task, "\(what) made during the refresh")
    return (result, try await store.load())
  }

  /// Returns once a refresh of `first` holds the lock, until the returned gate opens;
  /// `entered` counts its call of `refresh`.
  private static func heldRefresh(of store: any CredentialStore, counting entered: Tally = Tally())
    async throws
    -> (release: Gate, refresh: Task<Result<AuthCredential, CredentialRefreshError>, Never>)
  {
    let release = Gate()
    let refresh = Task {
      await outcome { () throws(CredentialRefreshError) in
        try await store.refreshCredential(
          replacing: first, using: scriptedRefresh(to: second, entered, heldUntil: release))
      }
    }
    do {
      try await entered.wait(forAtLeast: 1)
    } catch {
      refresh.cancel()
      throw failure("the refresh did not call refresh")
    }
    return (release, refresh)
  }

  /// A refresh to `fresh` that counts its calls in `calls` and, given a gate, waits for it
  /// (`.cancelled` when its task is cancelled first).
  private static func scriptedRefresh(
    to fresh: AuthCredential, _ calls: Tally, heldUntil gate: Gate? = nil
  )
    -> @Sendable (AuthCredential) async throws(CardError) -> AuthCredential
  {
    { _ throws(CardError) in
      calls.increment()
      if let gate {
        do { try await gate.wait() } catch { throw .cancelled }
      }
      return fresh
    }
  }

  private static let first = credential(1)
  private static let second = credential(2)
  private static let third = credential(3)

  /// Every field set, dates with fractions of a second.
  private static func credential(_ number: Int) -> AuthCredential {
    AuthCredential(
      userID: "spec-user-\(number)", accessToken: "access-\(number)",
      refreshToken: "refresh-\(number)",
      expiresAt: Date(timeIntervalSince1970: 1_800_000_000.25 + Double(number)),
      issuedAt: Date(timeIntervalSince1970: 1_799_996_400.5 + Double(number)))
  }
}

private final class Recorder: Sendable {
  private let recorded = Protected<[AuthCredential]>([])
  var values: [AuthCredential] { recorded.withLock { $0 } }
  func record(_ credential: AuthCredential) { recorded.withLock { $0.append(credential) } }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }

  var value: Success? {
    if case .success(let value) = self { value } else { nil }
  }
}
