import CardData
import CardDomain
import Foundation

/// Endpoints a pipeline test chooses, whose reply comes back unjudged (`Endpoint<HTTPResponse>`
/// decodes every reply as a success), so a test sees exactly what the pipeline returned.
enum TestEndpoint {
  static func make(
    path: RequestPath = "/things", query: [QueryItem] = [], method: HTTPMethod = .get,
    body: RequestBody = .none, authorization: Authorization = .anonymous,
    name: String = "testThings"
  ) -> Endpoint<HTTPResponse> {
    Endpoint(
      name: name, method: method, path: path, query: query, body: body,
      authorization: authorization,
      sampleResponse: HTTPResponse(status: 200, body: Data(#"{"ok":true}"#.utf8)),
      decode: { .success($0) })
  }

  static func get(_ path: RequestPath = "/things", authorization: Authorization = .anonymous)
    -> Endpoint<HTTPResponse>
  {
    make(path: path, authorization: authorization)
  }

  static func method(_ method: HTTPMethod, _ path: RequestPath = "/things")
    -> Endpoint<HTTPResponse>
  {
    make(path: path, method: method)
  }

  static func json(
    _ value: any Encodable & Sendable, method: HTTPMethod = .post, path: RequestPath = "/things"
  ) -> Endpoint<HTTPResponse> {
    make(path: path, method: method, body: .json(value))
  }
}

/// A JSON body for building tests.
struct SampleBody: Codable, Hashable, Sendable {
  var name: String
  var count: Int
}

let testBaseURL = URL(string: "https://api.example.com")!

extension HTTPResponse {
  static func status(_ status: Int, headers: HTTPHeaders = [:], body: String = "") -> HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
  }
}

extension TransportError {
  static func of(_ kind: Kind) -> TransportError { TransportError(kind, "simulated \(kind)") }
}
