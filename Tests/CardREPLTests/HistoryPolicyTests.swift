import CardREPL
import Testing

@Suite("Which lines the history keeps")
struct HistoryPolicyTests {
  @Test func loginLinesNeverEnterTheHistory() {
    #expect(!HistoryPolicy.admits("login demo demo"))
    #expect(!HistoryPolicy.admits("  login demo"))
    #expect(!HistoryPolicy.admits("'login' demo demo"))
    #expect(!HistoryPolicy.admits("login demo 'unbalanced"))
    #expect(!HistoryPolicy.admits("\\login demo 'unbalanced"))
    #expect(!HistoryPolicy.admits("\"login\" demo 'unbalanced"))
    #expect(!HistoryPolicy.admits("   "))
    #expect(HistoryPolicy.admits("help login"))
    #expect(HistoryPolicy.admits("cards"))
  }

  /// A login in another case, or one the did-you-mean would turn into `login`, holds a
  /// password as surely as a well-typed one.
  @Test(arguments: [
    "LOGIN demo s3cretUpper", "Login demo s3cret", "logni demo s3cretTypo", "logn demo s3cret",
    "loign demo s3cret", "signin demo s3cret", "SignIn demo s3cret", "\tlogni demo s3cret",
    "  LOGIN demo 'unbalanced", "'LOGNI' demo s3cret", "login\\ demo s3cret",
    "login\u{A0}demo s3cret", "logni demo 'unbalanced",
  ])
  func misspelledLoginLinesNeverEnterTheHistory(line: String) {
    #expect(!HistoryPolicy.admits(line))
  }

  /// A `;` does not separate commands at the prompt, but a line typed as `-c` would be still
  /// holds the password of its login.
  @Test(arguments: ["cards; login demo s3cret", "whoami ;LOGIN demo s3cret", "cards;logni demo x"])
  func aLoginAfterASemicolonKeepsTheLineOut(line: String) {
    #expect(!HistoryPolicy.admits(line))
  }

  /// Commands near `login` in spelling but not taken for it stay in the history.
  @Test(arguments: ["log on", "LOG off", "logout", "cards; whoami", "help signin", "card get c1"])
  func otherCommandsEnterTheHistory(line: String) {
    #expect(HistoryPolicy.admits(line))
  }
}
