import CardData
import Foundation

/// A tiny endpoint whose every property a test chooses.
struct TestEndpoint: TargetType {
  var path: RequestPath = "/things"
  var method: HTTPMethod = .get
  var task: RequestTask = .plain
  var headers: HTTPHeaders = [:]
  var authorization: AuthorizationRequirement = .anonymous
  var sampleResponse = HTTPResponse(status: 200, body: Data(#"{"ok":true}"#.utf8))
  var name = "testThings"

  static func get(
    _ path: RequestPath = "/things", authorization: AuthorizationRequirement = .anonymous
  )
    -> TestEndpoint
  {
    TestEndpoint(path: path, method: .get, authorization: authorization)
  }

  static func method(_ method: HTTPMethod, _ path: RequestPath = "/things") -> TestEndpoint {
    TestEndpoint(path: path, method: method)
  }

  static func json(
    _ value: any Encodable & Sendable, method: HTTPMethod = .post, path: RequestPath = "/things"
  ) -> TestEndpoint {
    TestEndpoint(path: path, method: method, task: .json(value))
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
