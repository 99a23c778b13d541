import Foundation

/// A request built from an endpoint, with what monitors may know of its body and the
/// temporary file (if any) to remove when the request is over.
struct PreparedRequest: Sendable {
  let request: HTTPRequest
  let bodySummary: RequestBodySummary
  let temporaryFile: URL?

  /// Removes the temporary body file; safe to call more than once.
  func removeTemporaryFile() {
    guard let temporaryFile else { return }
    try? FileManager.default.removeItem(at: temporaryFile)
  }
}
