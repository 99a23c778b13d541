import Foundation

/// An endpoint described as a value, in the manner of Moya's `TargetType`: everything needed
/// to build the request except the base URL and the credential.
public protocol TargetType: Sendable {
  /// The path below the base URL, segment by segment.
  var path: RequestPath { get }
  /// The method.
  var method: HTTPMethod { get }
  /// What the request carries.
  var task: RequestTask { get }
  /// Extra header fields; the pipeline adds `Accept` and `Content-Type` itself.
  var headers: HTTPHeaders { get }
  /// Whether the request carries the session's Bearer token.
  var authorization: AuthorizationRequirement { get }
  /// A realistic reply for stubs and tests: the status and the envelope the server sends.
  var sampleResponse: HTTPResponse { get }
  /// A short name for logs and metrics, such as `cardDetailFetch`.
  var name: String { get }
}
