/// The cards of the signed-in user, wherever they live.
public protocol CardRepository: Sendable {
  /// The user's cards, in the user's order.
  func cards() async throws(CardError) -> [Card]
  func card(id: CardID) async throws(CardError) -> Card
  func create(_ draft: CardDraft) async throws(CardError) -> Card
  /// Replaces the order of the user's list, which `ids` must name completely, and returns
  /// the list in its new order.
  func reorder(_ ids: [CardID]) async throws(CardError) -> [Card]
  func delete(id: CardID) async throws(CardError)
  /// The user's cards that `search` matches (``CardSearch/matches(_:)``), in the user's order.
  func search(_ search: CardSearch) async throws(CardError) -> [Card]
}

/// Signing in and out, and who is signed in now.
public protocol AuthRepository: Sendable {
  /// Signs in and keeps the session for later requests.
  func signIn(userID: UserID, password: Password) async throws(CardError) -> SignedInUser
  /// Ends the session: on the server where possible, and always locally, even when the kept
  /// session cannot be read.
  func signOut() async throws(CardError) -> SignOutOutcome
  /// `nil` when no session is kept; a kept session that cannot be read is
  /// ``CardError/credentialStorage(reason:)``, never `nil`.
  func currentUser() async throws(CardError) -> SignedInUser?
}

public enum SignOutOutcome: Hashable, Sendable {
  case signedOut
  /// The kept session could not be read; it was moved aside to the place named, where it can
  /// be inspected, instead of being deleted. No session is kept now.
  case unreadableSessionSetAside(at: String)
}
