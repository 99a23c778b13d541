import CardData
import CardDataTesting
import CardDomain
import CardDomainTesting
import CardTestingPrimitives
import Foundation
import Testing

@Suite("Fakes scripted per call", .timeLimit(.minutes(1)))
struct ScriptedFakesTests {
  private static func card(_ id: String) throws -> Card {
    Card(id: try CardID(id), owner: try UserID("spy"), name: "Card \(id)")
  }

  @Test func theFirstListFailsAndTheSecondSucceedsAStandingFailureHitsOnlyCreate() async throws {
    let cards = SpyCardRepository(cards: [try Self.card("c1")])
    let offline = CardError.networkFail(reason: "offline")
    let refused = CardError.serverErr(status: 500, message: nil)
    cards.failNext(.cards, with: offline)
    cards.setFailure(refused, for: [.create])

    await #expect(throws: offline) { try await cards.cards() }
    #expect(try await cards.cards().map(\.id.rawValue) == ["c1"])
    await #expect(throws: refused) { try await cards.create(CardDraft(name: "x")) }
    #expect(try await cards.card(id: try CardID("c1")).name == "Card c1")
    cards.setFailure(nil, for: [.create])
    #expect(try await cards.create(CardDraft(name: "x")).id.rawValue == "new-1")
    #expect(cards.calls.map(\.operation) == [.cards, .cards, .create, .card, .create])
  }

  @Test(arguments: [
    (["c2"], "card c1 is missing from cardIds; send the whole list"),
    (["c2", "c1", "c9"], "card c9 is not in your list"),
    (["c2", "c2", "c1"], "card c2 appears more than once in cardIds"),
  ])
  func aReorderMustNameEveryCardOnceAsTheServiceDemands(order: [String], message: String)
    async throws
  {
    let cards = SpyCardRepository(cards: [try Self.card("c1"), try Self.card("c2")])
    await #expect(throws: CardError.requestErr(message: message, status: 400)) {
      try await cards.reorder(try order.map { try CardID($0) })
    }
    #expect(cards.cards.map(\.id.rawValue) == ["c1", "c2"])
    let reordered = try await cards.reorder([try CardID("c2"), try CardID("c1")])
    #expect(reordered.map(\.id.rawValue) == ["c2", "c1"])
  }

  @Test func anUnknownIdIsA404ForDetailAndDeleteCreatedIdsAreNeverReused() async throws {
    let cards = SpyCardRepository()
    let c9 = try CardID("c9")
    await #expect(throws: CardError.requestErr(message: "card c9 not found", status: 404)) {
      try await cards.card(id: c9)
    }
    await #expect(throws: CardError.requestErr(message: "card c9 not found", status: 404)) {
      try await cards.delete(id: c9)
    }
    let first = try await cards.create(CardDraft(name: "one"))
    try await cards.delete(id: first.id)
    let second = try await cards.create(CardDraft(name: "two"))
    #expect([first.id.rawValue, second.id.rawValue] == ["new-1", "new-2"])
  }

  @Test func theAuthSpySignsInWithAnyPasswordUntilToldOtherwiseOnce() async throws {
    let auth = SpyAuthRepository()
    let demo = try UserID("demo")
    let wrong = CardError.requestErr(message: "wrong password", status: 401)
    auth.failNext(.signIn, with: wrong)
    await #expect(throws: wrong) {
      try await auth.signIn(userID: demo, password: try Password("x"))
    }
    #expect(try await auth.currentUser() == nil)
    _ = try await auth.signIn(userID: demo, password: try Password("anything"))
    #expect(try await auth.currentUser()?.userID == demo)
  }

  @Test func aHeldRefreshAnswersWhenTheTestCompletesItInCallOrder() async throws {
    let clock = FakeWallClock()
    let refresher = SpyTokenRefresher(clock: clock, holdsRefreshes: true)
    let stale = AuthCredential(
      userID: "demo", accessToken: "a", refreshToken: "r", expiresAt: clock.now())
    let first = Task { try await refresher.refresh(stale) }
    try await refresher.waitUntilCalled(1)
    let second = Task { try await refresher.refresh(stale) }
    try await refresher.waitUntilCalled(2)

    refresher.completeRefresh(throwing: .networkFail(reason: "offline"))
    refresher.completeRefresh()
    await #expect(throws: CardError.networkFail(reason: "offline")) { try await first.value }
    #expect(try await second.value.accessToken == "access-2")
  }

  @Test func aHeldRefreshWhoseTaskIsCancelledThrowsCancelledAndIsSkippedByCompletions() async throws
  {
    let refresher = SpyTokenRefresher(holdsRefreshes: true)
    let stale = AuthCredential(
      userID: "demo", accessToken: "a", refreshToken: "r", expiresAt: Date())
    let cancelled = Task { try await refresher.refresh(stale) }
    try await refresher.waitUntilCalled(1)
    cancelled.cancel()
    await #expect(throws: CardError.cancelled) { try await cancelled.value }

    refresher.completeRefresh()
    #expect(try await refresher.refresh(stale).accessToken == "access-2")
  }

  @Test func aTallyWakesAWaiterOnceItsCountIsReachedAGateLetsEveryoneThrough() async throws {
    let tally = Tally()
    let waiter = Task { try await tally.wait(forAtLeast: 2) }
    tally.increment()
    tally.increment()
    try await waiter.value
    try await tally.wait(forAtLeast: 1)

    let gate = Gate()
    let held = Task { try await gate.wait() }
    let cancelled = Task { try await Gate().wait() }
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    gate.open()
    try await held.value
  }
}
