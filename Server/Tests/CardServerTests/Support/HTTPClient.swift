import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP exchange over URLSession: what the tests send and what comes back.
struct HTTPExchange: Sendable {
  let status: Int
  let headers: [String: String]
  let body: Data

  /// The envelope's fields, for assertions.
  var envelope: [String: Any] {
    (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
  }

  func header(_ name: String) -> String? {
    headers.first { $0.key.lowercased() == name.lowercased() }?.value
  }

  /// `headers` are set last, so they may replace the `Content-Type` that `json` sets.
  static func send(
    _ method: String, _ url: URL, token: String? = nil, json: String? = nil,
    headers: [String: String] = [:]
  ) async throws -> HTTPExchange {
    var request = URLRequest(url: url)
    request.httpMethod = method
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    if let json {
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(json.utf8)
    }
    for (name, value) in headers {
      request.setValue(value, forHTTPHeaderField: name)
    }
    let configuration = URLSessionConfiguration.ephemeral
    // A real timeout's safety limit: a server that never answers fails the test, not hangs it.
    configuration.timeoutIntervalForRequest = 60
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    let (body, response) = try await session.data(for: request)
    let http = response as! HTTPURLResponse
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers["\(name)"] = "\(value)"
    }
    return HTTPExchange(status: http.statusCode, headers: headers, body: body)
  }

  /// Logs `userId` in and returns the access token.
  static func login(_ server: URL, user: String = "demo") async throws -> String {
    let reply = try await send(
      "POST", server.appendingPathComponent("auth/login"),
      json: #"{"userId": "\#(user)", "password": "\#(user)"}"#)
    let data = reply.envelope["data"] as? [String: Any]
    guard reply.status == 200, let token = data?["accessToken"] as? String else {
      throw LoginFailed(status: reply.status)
    }
    return token
  }

  struct LoginFailed: Error {
    let status: Int
  }
}
