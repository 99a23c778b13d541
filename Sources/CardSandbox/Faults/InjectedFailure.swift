import Foundation

/// The answer to a request failed on purpose with ``CardSandbox/failNext(status:count:)``.
///
/// `502`, `503` and `504` answer an HTML page, as a proxy or load balancer in front of the
/// service would, so that a client must judge the status before it decodes the body. Every
/// other status answers the usual envelope.
enum InjectedFailure {
  private static let reasons = [
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    408: "Request Timeout", 409: "Conflict", 413: "Content Too Large",
    415: "Unsupported Media Type", 429: "Too Many Requests", 500: "Internal Server Error",
    502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
  ]

  /// The response for `status`.
  static func response(status: Int) -> SandboxResponse {
    let title = "\(status) \(reasons[status] ?? "Error")"
    guard [502, 503, 504].contains(status) else {
      return .envelope(status, "injected fault: \(title)")
    }
    let page = "<html><head><title>\(title)</title></head><body><h1>\(title)</h1></body></html>\n"
    return SandboxResponse(
      status: status, headers: ["Content-Type": "text/html; charset=utf-8"],
      body: Data(page.utf8))
  }
}
