import CardData
import Foundation

/// What an endpoint's description is expected to be, row by row.
struct EndpointRow<Service: TargetType>: Sendable, CustomStringConvertible {
  let service: Service
  let name: String
  let method: HTTPMethod
  let path: String
  let taskKind: String
  let authorization: AuthorizationRequirement

  var description: String { name }
}

extension RequestTask {
  /// `plain`, `query`, `json` or `multipart`.
  var kind: String {
    switch self {
    case .plain: "plain"
    case .query: "query"
    case .json: "json"
    case .multipart: "multipart"
    }
  }

  /// The JSON body with sorted keys, or `nil` when the task is not JSON.
  func sortedJSONBody() throws -> String? {
    guard case .json(let body) = self else { return nil }
    return try WireFixtures.sortedJSON(body)
  }

  /// The form, or `nil` when the task is not multipart.
  var form: MultipartFormData? {
    guard case .multipart(let form) = self else { return nil }
    return form
  }
}
