import CardComposition
import CardDomain
import CardREPL
import CardTestingPrimitives
import Foundation
import Testing

@Suite("A session belongs to the backend that issued it")
struct SessionPerBackendTests {
  private let home = URL(fileURLWithPath: "/tmp/h")

  private func directory(_ backend: AppConfiguration.Backend) -> String {
    AppConfiguration(backend: backend, homeDirectory: home).sessionDirectory.path
  }

  @Test func eachBackendHasItsOwnSessionDirectory() throws {
    #expect(directory(.sandbox) == "/tmp/h/session/sandbox")
    #expect(
      directory(.server(try #require(URL(string: "https://API.example.com/v1/"))))
        == "/tmp/h/session/server-https_api.example.com_443_v1")
    #expect(
      directory(.server(try #require(URL(string: "http://127.0.0.1:8080"))))
        == "/tmp/h/session/server-http_127.0.0.1_8080")
    let names = Set(
      [
        "http://127.0.0.1:8080", "http://127.0.0.1:8081", "https://127.0.0.1:8080",
        "http://127.0.0.1:8080/v2", "http://localhost:8080",
      ].map { directory(.server(URL(string: $0)!)) })
    #expect(names.count == 5)
  }

  @Test func aSandboxSessionIsNotSeenByAServerBackend() async throws {
    let home = try TemporaryDirectory()
    let sandbox = try AppGraph(
      configuration: AppConfiguration(backend: .sandbox, homeDirectory: home.appending("home"))
    ) { _ in }
    _ = try await sandbox.services.signIn.execute(userID: "demo", password: "demo")

    let server = try AppGraph(
      configuration: AppConfiguration(
        backend: .server(URL(string: "http://127.0.0.1:9")!),
        homeDirectory: home.appending("home"))
    ) { _ in }
    #expect(try await server.services.currentUser.execute() == nil)
    #expect(try await sandbox.services.currentUser.execute()?.userID.rawValue == "demo")
  }
}
