import CardData
import Foundation
import Testing

@testable import CardInfrastructure

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("URLSession failures map to TransportError kinds")
struct TransportErrorMappingTests {
  static let expectedKinds: [(URLError.Code, TransportError.Kind)] = [
    (.cannotConnectToHost, .cannotConnect),
    (.notConnectedToInternet, .cannotConnect),
    (.internationalRoamingOff, .cannotConnect),
    (.callIsActive, .cannotConnect),
    (.dataNotAllowed, .cannotConnect),
    (.cannotFindHost, .dnsFailure),
    (.dnsLookupFailed, .dnsFailure),
    (.timedOut, .timedOut),
    (.networkConnectionLost, .connectionLost),
    (.secureConnectionFailed, .tlsFailure),
    (.serverCertificateHasBadDate, .tlsFailure),
    (.serverCertificateUntrusted, .tlsFailure),
    (.serverCertificateHasUnknownRoot, .tlsFailure),
    (.serverCertificateNotYetValid, .tlsFailure),
    (.clientCertificateRejected, .tlsFailure),
    (.clientCertificateRequired, .tlsFailure),
    (.cancelled, .cancelled),
    (.badURL, .invalidRequest),
    (.unsupportedURL, .invalidRequest),
    (.fileDoesNotExist, .invalidRequest),
    (.fileIsDirectory, .invalidRequest),
    (.noPermissionsToReadFile, .invalidRequest),
    (.requestBodyStreamExhausted, .invalidRequest),
    (.appTransportSecurityRequiresSecureConnection, .invalidRequest),
    (.badServerResponse, .other),
    (.httpTooManyRedirects, .other),
    (.userCancelledAuthentication, .other),
    (.unknown, .other),
  ]

  /// A request whose URL carries a path, a query secret and a password.
  static let request = URLRequest(
    url: URL(string: "https://user:hunter2@api.example.test:8443/v2/cards?token=s3cr3t")!)

  @Test("maps the URLError code", arguments: expectedKinds)
  func mapsTheCode(_ code: URLError.Code, _ kind: TransportError.Kind) {
    let error = TransportError(
      urlSessionError: URLError(code), request: Self.request, taskIsCancelled: false)
    #expect(error.kind == kind)
    #expect(error.message.hasSuffix(" (URLError \(code.rawValue))"))
  }

  @Test("never puts the path, query or credentials in the message", arguments: expectedKinds)
  func keepsTheURLOutOfTheMessage(_ code: URLError.Code, _: TransportError.Kind) {
    let message = TransportError(
      urlSessionError: URLError(code), request: Self.request, taskIsCancelled: false
    ).message
    for secret in ["s3cr3t", "hunter2", "user", "/v2", "cards", "token"] {
      #expect(!message.contains(secret), "\(message)")
    }
  }

  @Test func tableMapsNoCodeTheTestDoesNotList() {
    let listed = Set(Self.expectedKinds.map(\.0))
    #expect(Set(TransportError.urlErrorMeanings.keys).isSubset(of: listed))
  }

  @Test func mapsCancellationErrorToCancelled() {
    let error = TransportError(
      urlSessionError: CancellationError(), request: Self.request, taskIsCancelled: false)
    #expect(error.kind == .cancelled)
    #expect(error.message == "the request to api.example.test:8443 was cancelled")
  }

  @Test func reportsAnyFailureOfACancelledTaskAsCancelled() {
    let error = TransportError(
      urlSessionError: URLError(.timedOut), request: Self.request, taskIsCancelled: true)
    #expect(error.kind == .cancelled)
    #expect(error.message.hasPrefix("no response from api.example.test:8443"))
  }

  @Test func keepsATransportErrorAsItIs() {
    let original = TransportError(.invalidRequest, "body file missing")
    let mapped = TransportError(
      urlSessionError: original, request: Self.request, taskIsCancelled: false)
    #expect(mapped == original)
  }

  @Test func mapsAnyOtherErrorToOther() {
    let error = TransportError(
      urlSessionError: CocoaError(.fileReadCorruptFile), request: Self.request,
      taskIsCancelled: false)
    #expect(error.kind == .other)
    #expect(error.message.hasPrefix("the request to api.example.test:8443 failed: "))
    #expect(error.message.hasSuffix(" (CocoaError)"))
  }
}
