import CardDomain
import Foundation
import Testing

@testable import CardData

/// `TokenDTO + userID + now → AuthCredential`, and the rules a token reply must keep.
@Suite("Token mapping")
struct TokenMappingTests {
  static let now = Date(timeIntervalSince1970: 1_700_000_000)
  static let token = TokenDTO(
    accessToken: "sample-access-token", refreshToken: "sample-refresh-token", expiresIn: 3600)

  @Test func credentialIsIssuedNowAndExpiresExpiresInSecondsLater() throws {
    let credential = try Self.token.credential(userID: "demo", now: Self.now)
    #expect(
      credential
        == AuthCredential(
          userID: "demo", accessToken: "sample-access-token",
          refreshToken: "sample-refresh-token",
          expiresAt: Self.now.addingTimeInterval(3600), issuedAt: Self.now))
  }

  @Test func oneSecondIsEnough() throws {
    var token = Self.token
    token.expiresIn = 1
    #expect(try token.credential(userID: "demo", now: Self.now).expiresAt == Self.now + 1)
  }

  @Test(arguments: [0, -1, Int.min])
  func nonPositiveLifetimeIsRejected(expiresIn: Int) {
    var token = Self.token
    token.expiresIn = expiresIn
    #expect(
      throws: WireMappingError(
        field: "expiresIn", reason: "token: expiresIn must be positive, not \(expiresIn)")
    ) { try token.credential(userID: "demo", now: Self.now) }
  }

  @Test(arguments: ["accessToken", "refreshToken"])
  func emptyTokenIsRejected(field: String) {
    var token = Self.token
    if field == "accessToken" { token.accessToken = "" } else { token.refreshToken = "" }
    #expect(throws: WireMappingError(field: field, reason: "token: \(field) must not be empty")) {
      try token.credential(userID: "demo", now: Self.now)
    }
  }

  @Test(arguments: ["secret token", "secret\r\nX-Injected: 1", "sécret", "secret\t"])
  func tokenThatCannotBeSentInAHeaderIsRejectedWithoutShowingIt(accessToken: String) throws {
    var token = Self.token
    token.accessToken = accessToken
    let error = try #require(throws: WireMappingError.self) {
      try token.credential(userID: "demo", now: Self.now)
    }
    #expect(error.field == "accessToken")
    #expect(error.reason == "token: accessToken must hold visible ASCII characters only")
    #expect(!error.reason.contains("secret"))
  }

  @Test func tokenPayloadNeverPrintsATokenButKeepsItsFieldNames() throws {
    var dumped = ""
    dump(Self.token, to: &dumped)
    for text in [String(describing: Self.token), String(reflecting: Self.token), dumped] {
      #expect(!text.contains("sample-access-token"))
      #expect(!text.contains("sample-refresh-token"))
    }
    #expect(
      try WireFixtures.sortedJSON(Self.token)
        == #"{"accessToken":"sample-access-token","expiresIn":3600,"#
        + #""refreshToken":"sample-refresh-token"}"#)
  }
}
