import CardData
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension TransportError {
  /// A failure of `request` that got no HTTP response; ``CardData/TransportError/Kind/cancelled``
  /// whenever the calling task was cancelled. A `URLError` becomes a sentence naming the server
  /// by host and port only, ending with the code: `no response from api.example.com:443
  /// within 30 s (URLError -1001)`.
  init(urlSessionError error: any Error, request: URLRequest, taskIsCancelled: Bool) {
    let kind: Kind
    let message: String
    let failed = FailedRequest(
      url: (error as? URLError)?.failingURL ?? request.url,
      requestTimeout: request.timeoutInterval)
    switch error {
    case let error as URLError where Self.isHeaderTooLarge(error):
      kind = .replyRefused
      message =
        "the header of the reply from \(failed.server) is larger than libcurl accepts"
        + " (URLError \(error.code.rawValue))"
    case let error as URLError where Self.isClosedWithoutReply(error):
      kind = .connectionLost
      message =
        "the connection to \(failed.server) was closed without a reply"
        + " (URLError \(error.code.rawValue))"
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

  /// Foundation's description of `error`, unless empty or generic.
  private static func reason(of error: URLError) -> String? {
    let description = error.localizedDescription.trimmingCharacters(in: .whitespaces)
    let generic = ["The operation could not be completed", "The operation couldn’t be completed"]
    guard !description.isEmpty, !generic.contains(where: description.hasPrefix) else {
      return nil
    }
    return description
  }

  /// A connection closed before any byte of a reply (libcurl's `CURLE_GOT_NOTHING`): lost,
  /// as a reset one is, so that a request that may be sent again is.
  private static func isClosedWithoutReply(_ error: URLError) -> Bool {
    #if canImport(FoundationNetworking)
      return error.code == .badServerResponse
        && error.localizedDescription == "Empty reply from server"
    #else
      return false
    #endif
  }

  /// libcurl refuses a header line over 100 KiB as "Out of memory" and headers over 300 KiB as
  /// "Too large response headers: …", both `URLError.unknown` from FoundationNetworking.
  private static func isHeaderTooLarge(_ error: URLError) -> Bool {
    #if canImport(FoundationNetworking)
      let text = error.localizedDescription
      return error.code == .unknown
        && (text == "Out of memory" || text.hasPrefix("Too large response headers"))
    #else
      return false
    #endif
  }

  typealias Meaning = (kind: Kind, sentence: @Sendable (FailedRequest) -> String)

  /// Any other code is ``CardData/TransportError/Kind/other``.
  static let urlErrorMeanings: [URLError.Code: Meaning] = [
    .cannotConnectToHost: cannotConnect(refused),
    .notConnectedToInternet: cannotConnect(": this device is offline"),
    .internationalRoamingOff: cannotConnect(": international roaming is off"),
    .callIsActive: cannotConnect(" while a call is active"),
    .dataNotAllowed: cannotConnect(": mobile data is not allowed"),
    .cannotFindHost: (.dnsFailure, { "the host name \($0.host) could not be resolved" }),
    .dnsLookupFailed: (.dnsFailure, { "the host name \($0.host) could not be looked up" }),
    .timedOut: (.timedOut, { "no response from \($0.server) within \($0.requestTimeout)" }),
    .networkConnectionLost: (.connectionLost, { "the connection to \($0.server) was lost" }),
    .secureConnectionFailed: (.tlsFailure, { "the secure connection to \($0.server) failed" }),
    .serverCertificateHasBadDate: certificate("has expired"),
    .serverCertificateUntrusted: certificate("is not trusted"),
    .serverCertificateHasUnknownRoot: certificate("comes from an unknown authority"),
    .serverCertificateNotYetValid: certificate("is not valid yet"),
    .clientCertificateRejected: (.tlsFailure, { "\($0.server) rejected the client certificate" }),
    .clientCertificateRequired: (.tlsFailure, { "\($0.server) requires a client certificate" }),
    .cancelled: (.cancelled, { "the request to \($0.server) was cancelled" }),
    .badURL: (.invalidRequest, { "the URL of the request to \($0.server) is malformed" }),
    .unsupportedURL: (
      .invalidRequest, { "the URL of the request to \($0.server) is not supported" }
    ),
    .fileDoesNotExist: (.invalidRequest, { _ in "the body file does not exist" }),
    .fileIsDirectory: (.invalidRequest, { _ in "the body file is a directory" }),
    .noPermissionsToReadFile: (.invalidRequest, { _ in "the body file may not be read" }),
    .requestBodyStreamExhausted: (
      .invalidRequest, { "the body of the request to \($0.server) could not be sent again" }
    ),
    .appTransportSecurityRequiresSecureConnection: (
      .invalidRequest, { "App Transport Security requires https for \($0.server)" }
    ),
  ]

  private static func cannotConnect(_ tail: String) -> Meaning {
    (.cannotConnect, { "cannot connect to \($0.server)\(tail)" })
  }

  private static func certificate(_ tail: String) -> Meaning {
    (.tlsFailure, { "the certificate of \($0.server) \(tail)" })
  }

  /// FoundationNetworking uses `cannotConnectToHost` only for a refused connection, Apple's
  /// platforms for any failed connect.
  #if canImport(FoundationNetworking)
    private static let refused = ": the connection was refused"
  #else
    private static let refused = ""
  #endif
}

/// What a failure message may say about the request, never the URL's path, query or
/// credentials: `server` as `api.example.com:443`, `host` alone (or `the server`), and the
/// request timeout in words such as `30 s`.
struct FailedRequest: Sendable {
  var server: String
  var host: String
  var requestTimeout: String

  init(url: URL?, requestTimeout: TimeInterval) {
    server = Self.server(of: url)
    host = URLOrigin(url)?.host ?? "the server"
    self.requestTimeout = requestTimeout.spokenDuration
  }

  static func server(of url: URL?) -> String {
    URLOrigin(url)?.authority ?? "the server"
  }
}
