import Foundation

extension HTTPResponse {
  /// A sample reply: `status`, `Content-Type: application/json` and `json` as the body.
  static func sampleJSON(status: Int, _ json: String) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
  }
}
