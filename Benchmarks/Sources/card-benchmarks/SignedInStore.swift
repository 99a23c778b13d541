import CardData
import CardInfrastructure
import Foundation

/// The drills' Bearer token: what every request they send carries.
let benchmarkAccessToken = "benchmark-access"

/// An encrypted file store in `directory`, signed in as demo with a token valid for a day, so
/// that no drill's request waits on a refresh.
func signedInStore(in directory: URL) async throws -> EncryptedFileCredentialStore {
  let store = try EncryptedFileCredentialStore(
    configuration: .init(directory: directory.appendingPathComponent("session")))
  try await store.save(
    AuthCredential(
      userID: "demo", accessToken: benchmarkAccessToken, refreshToken: "benchmark-refresh",
      expiresAt: Date().addingTimeInterval(86_400)))
  return store
}
