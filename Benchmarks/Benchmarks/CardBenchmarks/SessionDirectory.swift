import CardData
import CardInfrastructure
import Foundation

/// A folder of the benchmark run's own for the encrypted credential store, signed in as a
/// user whose token is valid for a day, so that no call refreshes it; removed at teardown.
struct SessionDirectory: Sendable {
  static let shared = SessionDirectory()

  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("card-benchmarks-\(UUID().uuidString)", isDirectory: true)

  /// A store in the folder, holding the signed-in user's credential.
  func signedInStore() async throws -> EncryptedFileCredentialStore {
    let store = try EncryptedFileCredentialStore(
      configuration: .init(directory: url.appendingPathComponent("session", isDirectory: true)))
    try await store.save(
      AuthCredential(
        userID: "demo", accessToken: "benchmark-access", refreshToken: "benchmark-refresh",
        expiresAt: Date().addingTimeInterval(86_400)))
    return store
  }

  /// The client as an app builds it, over a transport that answers every request with `reply`.
  func api(answering reply: Data) async throws -> CardAPI {
    CardAPI(
      baseURL: URL(string: "https://cards.example")!,
      transport: FixedReplyTransport(body: reply), store: try await signedInStore())
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
