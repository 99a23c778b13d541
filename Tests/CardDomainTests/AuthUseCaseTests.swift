import CardDomain
import CardDomainTesting
import Testing

@Suite("Auth use cases")
struct AuthUseCaseTests {
  @Test func signInPassesTheTrimmedUserID() async throws {
    let repository = SpyAuthRepository()
    let user = try await SignInUseCase(repository: repository).execute(
      userID: " demo ", password: "demo")
    #expect(user.userID.rawValue == "demo")
    #expect(repository.calls == [.signIn(try UserID("demo"))])
  }

  @Test(arguments: [
    ("", "demo", ValidationError.emptyUserID), ("  ", "demo", .emptyUserID),
    ("demo", "", .emptyPassword),
  ])
  func signInWithBlankCredentialsSendsNothing(
    userID: String, password: String, expected: ValidationError
  ) async {
    let repository = SpyAuthRepository()
    await #expect(throws: CardError.invalidInput(expected)) {
      try await SignInUseCase(repository: repository).execute(userID: userID, password: password)
    }
    #expect(repository.calls.isEmpty)
  }

  @Test func signInFailureReachesTheCaller() async {
    let failure = CardError.requestErr(message: "wrong user id or password", status: 401)
    let repository = SpyAuthRepository(failure: failure)
    await #expect(throws: failure) {
      try await SignInUseCase(repository: repository).execute(userID: "demo", password: "nope")
    }
  }

  @Test func signOutEndsTheSession() async throws {
    let repository = SpyAuthRepository(user: SignedInUser(userID: try UserID("demo")))
    #expect(try await SignOutUseCase(repository: repository).execute() == .signedOut)
    #expect(try await CurrentUserUseCase(repository: repository).execute() == nil)
    #expect(repository.calls == [.currentUser, .signOut, .currentUser])
  }

  @Test func signOutWithNoSessionFailsAsSignedOut() async {
    let repository = SpyAuthRepository()
    await #expect(throws: CardError.signedOut) {
      try await SignOutUseCase(repository: repository).execute()
    }
    #expect(repository.calls == [.currentUser])
  }

  @Test func signOutDiscardsAnUnreadableSession() async throws {
    let repository = SpyAuthRepository()
    repository.setFailure(
      .credentialStorage(reason: "the sealed file fails authentication"), for: [.currentUser])
    repository.setSignOutOutcome(.unreadableSessionSetAside(at: "/home/x/credential.corrupt"))
    #expect(
      try await SignOutUseCase(repository: repository).execute()
        == .unreadableSessionSetAside(at: "/home/x/credential.corrupt"))
    #expect(repository.calls == [.currentUser, .signOut])
  }

  @Test func currentUserTellsWhoIsSignedIn() async throws {
    let user = SignedInUser(userID: try UserID("guest"))
    #expect(
      try await CurrentUserUseCase(repository: SpyAuthRepository(user: user)).execute() == user)
    #expect(user.description == "guest")
  }

  @Test func cardErrorsDescribeThemselvesForPeople() {
    #expect(
      CardError.requestErr(message: "card c9 not found", status: 404).description
        == "card c9 not found (404)")
    #expect(CardError.signedOut.description.contains("login"))
    #expect(CardError.serverErr(status: 503, message: nil).description.contains("503"))
  }
}
