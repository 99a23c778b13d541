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
}
