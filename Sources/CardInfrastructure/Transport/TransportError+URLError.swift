import CardData
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension TransportError {
  /// The transport error for a failure of `request` that got no HTTP response. When the
  /// calling task was cancelled the kind is ``CardData/TransportError/Kind/cancelled``
  /// whatever the error.
  ///
  /// A `URLError` becomes a sentence naming the server by host and port (of the URL that
  /// failed, which after a redirect may be another than the request's), ending with the
  /// code for support, as `no response from api.example.com:443 within 30 s (URLError
  /// -1001)`. TLS failures and codes without a sentence of their own keep Foundation's
  /// reason when it says more than "The operation could not be completed". The path, query
  /// and credentials of the URL never appear.
  init(urlSessionError error: any Error, request: URLRequest, taskIsCancelled: Bool) {
    let kind: Kind
    let message: String
    let failed = FailedRequest(
      url: (error as? URLError)?.failingURL ?? request.url,
      requestTimeout: request.timeoutInterval)
    switch error {
    case let error as TransportError:
      kind = error.kind
      message = error.message
    case let error as URLError:
      let meaning = Self.urlErrorMeanings[error.code]
      kind = meaning?.kind ?? .other
      var sentence = meaning?.sentence(failed) ?? "the request to \(failed.server) failed"
      if kind == .tlsFailure || meaning == nil, let reason = Self.reason(of: error) {
        sentence += ": \(reason)"
      }
      message = "\(sentence) (URLError \(error.code.rawValue))"
    case is CancellationError:
      kind = .cancelled
      message = "the request to \(failed.server) was cancelled"
    default:
      kind = .other
      message =
        "the request to \(failed.server) failed: \(error.localizedDescription) (\(type(of: error)))"
    }
    self.init(taskIsCancelled ? .cancelled : kind, message)
  }

  /// Foundation's description of `error`, unless it is empty or only the generic
  /// "The operation could not be completed" that names the code again.
  private static func reason(of error: URLError) -> String? {
    let description = error.localizedDescription.trimmingCharacters(in: .whitespaces)
    let generic = ["The operation could not be completed", "The operation couldn’t be completed"]
    guard !description.isEmpty, !generic.contains(where: description.hasPrefix) else {
      return nil
    }
    return description
  }
}
