import CardSandbox
import Foundation
import Testing

@Suite("Sandbox token lifetime")
struct SandboxTokenLifetimeTests {
  @Test(arguments: [Duration.zero, .milliseconds(300), .seconds(-5)])
  func aLifetimeUnderOneSecondIsTakenAsOneSecond(_ lifetime: Duration) async throws {
    let sandbox = CardSandbox(accessTokenLifetime: lifetime)
    let login = try await sandbox.handle(
      SandboxRequest(
        method: "POST", path: "/auth/login", headers: ["Content-Type": "application/json"],
        body: Data(#"{"userId":"demo","password":"demo"}"#.utf8)))
    let object = try JSONSerialization.jsonObject(with: login.body) as? [String: Any]
    let data = object?["data"] as? [String: Any]
    #expect(login.status == 200)
    #expect(data?["expiresIn"] as? Int == 1)
  }
}
