import CardServiceClient
import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The running `card-server` the tests call, at the URL in `CARD_SERVER_URL` (`.ci/run` starts
/// one on a free port and sets it). Each test resets it to the seed state first (`demo` with
/// cards `c1`, which has an uploaded PNG, and `c2`; `guest` with `c3`), through the sandbox's
/// loopback admin path, which is not part of the contract and so not in the generated client.
struct CardServer {
  let url: URL

  /// Reads `CARD_SERVER_URL` and resets the server; a missing variable fails the test with
  /// what to do, rather than skipping it.
  static func reset() async throws -> CardServer {
    let value = try #require(
      ProcessInfo.processInfo.environment["CARD_SERVER_URL"],
      "set CARD_SERVER_URL to a running card-server, e.g. http://127.0.0.1:8080")
    let server = CardServer(url: try #require(URL(string: value)))
    try await server.admin("reset", body: nil)
    return server
  }

  /// The generated client, with the image part's workaround and, given a token, the Bearer
  /// header every card operation needs.
  func client(accessToken: String? = nil) -> Client {
    var middlewares: [any ClientMiddleware] = [ImagePartContentTypeMiddleware()]
    if let accessToken { middlewares.append(BearerTokenMiddleware(accessToken: accessToken)) }
    return Client(serverURL: url, transport: URLSessionTransport(), middlewares: middlewares)
  }

  /// A client signed in as `userId` (whose password is the same, as in the seed).
  func client(signedInAs userId: String) async throws -> Client {
    let token = try await client().login(body: .json(.init(userId: userId, password: userId)))
      .ok.body.json.data
    return client(accessToken: token.accessToken)
  }

  /// The next request answers `status`; 502, 503 and 504 as an HTML page.
  func failNextRequest(status: Int) async throws {
    try await admin("fail", body: #"{"status": \#(status), "count": 1}"#)
  }

  private func admin(_ operation: String, body: String?) async throws {
    var request = URLRequest(url: url.appending(path: "_sandbox/\(operation)"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = body.map { Data($0.utf8) }
    let (_, response) = try await URLSession.shared.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 200, "POST /_sandbox/\(operation)")
  }
}
