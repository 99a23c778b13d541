import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends `Authorization: Bearer <accessToken>` with every request: the document's
/// `bearerAuth` security scheme, which the generator leaves to the client author.
struct BearerTokenMiddleware: ClientMiddleware {
  let accessToken: String

  func intercept(
    _ request: HTTPRequest,
    body: HTTPBody?,
    baseURL: URL,
    operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    var request = request
    request.headerFields[.authorization] = "Bearer \(accessToken)"
    return try await next(request, body, baseURL)
  }
}
