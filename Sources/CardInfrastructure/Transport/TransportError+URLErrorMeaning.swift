import CardData
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension TransportError {
  /// The kind of each `URLError` code the transport tells apart, and what it means in words
  /// that name the server by host and port only. Any other code is
  /// ``CardData/TransportError/Kind/other``.
  static let urlErrorMeanings:
    [URLError.Code: (kind: Kind, sentence: @Sendable (FailedRequest) -> String)] = [
      .cannotConnectToHost: (.cannotConnect, { "cannot connect to \($0.server)\(refused)" }),
      .notConnectedToInternet: (
        .cannotConnect, { "cannot connect to \($0.server): this device is offline" }
      ),
      .internationalRoamingOff: (
        .cannotConnect, { "cannot connect to \($0.server): international roaming is off" }
      ),
      .callIsActive: (
        .cannotConnect, { "cannot connect to \($0.server) while a call is active" }
      ),
      .dataNotAllowed: (
        .cannotConnect, { "cannot connect to \($0.server): mobile data is not allowed" }
      ),
      .cannotFindHost: (.dnsFailure, { "the host name \($0.host) could not be resolved" }),
      .dnsLookupFailed: (.dnsFailure, { "the host name \($0.host) could not be looked up" }),
      .timedOut: (.timedOut, { "no response from \($0.server) within \($0.requestTimeout)" }),
      .networkConnectionLost: (.connectionLost, { "the connection to \($0.server) was lost" }),
      .secureConnectionFailed: (.tlsFailure, { "the secure connection to \($0.server) failed" }),
      .serverCertificateHasBadDate: (
        .tlsFailure, { "the certificate of \($0.server) has expired" }
      ),
      .serverCertificateUntrusted: (
        .tlsFailure, { "the certificate of \($0.server) is not trusted" }
      ),
      .serverCertificateHasUnknownRoot: (
        .tlsFailure, { "the certificate of \($0.server) comes from an unknown authority" }
      ),
      .serverCertificateNotYetValid: (
        .tlsFailure, { "the certificate of \($0.server) is not valid yet" }
      ),
      .clientCertificateRejected: (
        .tlsFailure, { "\($0.server) rejected the client certificate" }
      ),
      .clientCertificateRequired: (
        .tlsFailure, { "\($0.server) requires a client certificate" }
      ),
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

  /// The end of the `cannotConnectToHost` sentence: FoundationNetworking uses that code
  /// only for a refused connection, Apple's platforms for any failed connect.
  #if canImport(FoundationNetworking)
    private static let refused = ": the connection was refused"
  #else
    private static let refused = ""
  #endif
}
