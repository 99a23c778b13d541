import CardDomain

// login, logout and whoami: each command's usage and help, how it reads its arguments, and
// what it runs.

extension CommandTable {
  static let sessionCommands = [
    CommandSpec(
      name: "login", usage: "login <userId> [password]",
      summary: "sign in; the session is kept, encrypted, across runs",
      details: [
        "The sandbox knows demo/demo (cards c1, c2) and guest/guest (card c3).",
        "Quote a password with spaces: login demo 'my secret'. It is never printed.",
        "Leave it out to be asked for it without echo; a script can give it on standard",
        "input with card-repl --password-stdin. A login line never enters the history.",
        "After 5 failed logins for a user id within 60 s, its logins answer requestErr (429)",
        "with the wait, until 60 s after the first of them; sandbox reset ends the wait.",
      ]
    ) { (arguments) throws(UsageError) in
      let words = try arguments.expect(1...2, "a user id")
      return .login(userID: words[0], password: words.count == 2 ? words[1] : nil)
    },
    .fixed(
      "logout", .logout, summary: "sign out: on the server if it answers, always locally",
      details: [
        "When the stored session cannot be read (tampered with, or sealed with another key),",
        "logout moves it aside so that you can log in again.",
      ]),
    .fixed("whoami", .whoami, summary: "show the signed-in user"),
  ]
}

extension CommandRunner {
  func login(userID: String, password: String?) async throws(CommandFailure) -> CommandOutput {
    guard let password else {
      throw CommandFailure(
        .invalid,
        "login needs a password here: give it after the user id, "
          + "or on standard input with card-repl --password-stdin")
    }
    return .signedIn(
      try await perform(try await services.signIn.execute(userID: userID, password: password))
        .userID)
  }

  func logout() async throws(CommandFailure) -> CommandOutput {
    switch try await perform(signingOut: true, try await services.signOut.execute()) {
    case .signedOut: return .signedOut(setAsideAt: nil)
    case .unreadableSessionSetAside(let path): return .signedOut(setAsideAt: path)
    }
  }

  func whoami() async throws(CommandFailure) -> CommandOutput {
    guard let user = try await perform(try await services.currentUser.execute()) else {
      throw CommandFailure(CardError.signedOut)
    }
    return .currentUser(user.userID)
  }
}
