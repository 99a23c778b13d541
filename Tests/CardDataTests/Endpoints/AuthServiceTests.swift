import CardData
import CardDomain
import Foundation
import Testing

/// The session endpoints as values, and that printing one never shows a secret.
@Suite struct AuthServiceTests {
  static let login = AuthService.login(userID: try! UserID("demo"), password: try! Password("pw"))

  static let rows: [EndpointRow<AuthService>] = [
    EndpointRow(
      service: login, name: "login", method: .post, path: "/auth/login", taskKind: "json",
      authorization: .anonymous),
    EndpointRow(
      service: .refresh(refreshToken: "sample-refresh-token"), name: "refresh", method: .post,
      path: "/auth/refresh", taskKind: "json", authorization: .anonymous),
    EndpointRow(
      service: .logout, name: "logout", method: .post, path: "/auth/logout", taskKind: "plain",
      authorization: .bearer),
  ]

  @Test(arguments: rows)
  func endpointMatchesTheContract(row: EndpointRow<AuthService>) {
    #expect(row.service.name == row.name)
    #expect(row.service.method == row.method)
    #expect(row.service.path.percentEncoded == row.path)
    #expect(row.service.task.kind == row.taskKind)
    #expect(row.service.authorization == row.authorization)
    #expect(row.service.headers.fields.isEmpty)
  }

  @Test func loginSendsTheCredentials() throws {
    let service = AuthService.login(userID: try UserID("demo"), password: try Password("hunter2"))
    #expect(try service.task.sortedJSONBody() == #"{"password":"hunter2","userId":"demo"}"#)
  }

  @Test func refreshSendsTheRefreshToken() throws {
    let service = AuthService.refresh(refreshToken: "sample-refresh-token")
    #expect(try service.task.sortedJSONBody() == #"{"refreshToken":"sample-refresh-token"}"#)
  }

  @Test func printingNeverShowsASecret() throws {
    let services: [AuthService] = [
      .login(userID: try UserID("demo"), password: try Password("hunter2")),
      .refresh(refreshToken: "sample-refresh-token"),
    ]
    for service in services {
      var dumped = ""
      dump(service, to: &dumped)
      for text in [String(describing: service), String(reflecting: service), dumped] {
        #expect(!text.contains("hunter2"))
        #expect(!text.contains("sample-refresh-token"))
      }
    }
    #expect(String(describing: services[0]) == "login(userID: demo, password: <redacted>)")
    #expect(String(describing: services[1]) == "refresh(refreshToken: <redacted>)")
    #expect(String(describing: AuthService.logout) == "logout")
  }
}
