import CardData
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension TransportError {
  /// The kind and name of each `URLError` code the transport tells apart; any other code is
  /// ``CardData/TransportError/Kind/other``.
  static let urlErrorKinds: [URLError.Code: (kind: Kind, name: String)] = [
    .cannotConnectToHost: (.cannotConnect, "cannotConnectToHost"),
    .notConnectedToInternet: (.cannotConnect, "notConnectedToInternet"),
    .internationalRoamingOff: (.cannotConnect, "internationalRoamingOff"),
    .callIsActive: (.cannotConnect, "callIsActive"),
    .dataNotAllowed: (.cannotConnect, "dataNotAllowed"),
    .cannotFindHost: (.dnsFailure, "cannotFindHost"),
    .dnsLookupFailed: (.dnsFailure, "dnsLookupFailed"),
    .timedOut: (.timedOut, "timedOut"),
    .networkConnectionLost: (.connectionLost, "networkConnectionLost"),
    .secureConnectionFailed: (.tlsFailure, "secureConnectionFailed"),
    .serverCertificateHasBadDate: (.tlsFailure, "serverCertificateHasBadDate"),
    .serverCertificateUntrusted: (.tlsFailure, "serverCertificateUntrusted"),
    .serverCertificateHasUnknownRoot: (.tlsFailure, "serverCertificateHasUnknownRoot"),
    .serverCertificateNotYetValid: (.tlsFailure, "serverCertificateNotYetValid"),
    .clientCertificateRejected: (.tlsFailure, "clientCertificateRejected"),
    .clientCertificateRequired: (.tlsFailure, "clientCertificateRequired"),
    .cancelled: (.cancelled, "cancelled"),
    .badURL: (.invalidRequest, "badURL"),
    .unsupportedURL: (.invalidRequest, "unsupportedURL"),
    .fileDoesNotExist: (.invalidRequest, "fileDoesNotExist"),
    .fileIsDirectory: (.invalidRequest, "fileIsDirectory"),
    .noPermissionsToReadFile: (.invalidRequest, "noPermissionsToReadFile"),
    .requestBodyStreamExhausted: (.invalidRequest, "requestBodyStreamExhausted"),
    .appTransportSecurityRequiresSecureConnection: (
      .invalidRequest, "appTransportSecurityRequiresSecureConnection"
    ),
  ]

  /// The transport error for a failure of a `URLSession` call that got no HTTP response,
  /// keeping the underlying reason in the message. When the calling task was cancelled the
  /// kind is ``CardData/TransportError/Kind/cancelled`` whatever the error.
  init(urlSessionError error: any Error, taskIsCancelled: Bool) {
    let kind: Kind
    let message: String
    switch error {
    case let error as TransportError:
      kind = error.kind
      message = error.message
    case let error as URLError:
      let entry = Self.urlErrorKinds[error.code]
      kind = entry?.kind ?? .other
      let name = entry?.name ?? "URLError"
      message = "\(name) (\(error.code.rawValue)): \(error.localizedDescription)"
    case is CancellationError:
      kind = .cancelled
      message = "cancelled: \(error)"
    default:
      kind = .other
      message = "\(type(of: error)): \(error.localizedDescription)"
    }
    self.init(taskIsCancelled ? .cancelled : kind, message)
  }
}
