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

  @Test("maps the URLError code", arguments: expectedKinds)
  func mapsTheCode(_ code: URLError.Code, _ kind: TransportError.Kind) {
    let error = TransportError(urlSessionError: URLError(code), taskIsCancelled: false)
    #expect(error.kind == kind)
    #expect(error.message.contains("(\(code.rawValue)): "))
  }

  @Test func tableMapsNoCodeTheTestDoesNotList() {
    let listed = Set(Self.expectedKinds.map(\.0))
    #expect(Set(TransportError.urlErrorKinds.keys).isSubset(of: listed))
  }

  @Test func namesTheCodeAndKeepsTheUnderlyingReason() {
    let underlying = URLError(
      .cannotFindHost,
      userInfo: [NSLocalizedDescriptionKey: "Could not resolve host: api.example.test"])
    let error = TransportError(urlSessionError: underlying, taskIsCancelled: false)
    #expect(
      error.message == "cannotFindHost (-1003): Could not resolve host: api.example.test")
  }

  @Test func mapsCancellationErrorToCancelled() {
    let error = TransportError(urlSessionError: CancellationError(), taskIsCancelled: false)
    #expect(error.kind == .cancelled)
  }

  @Test func reportsAnyFailureOfACancelledTaskAsCancelled() {
    let error = TransportError(urlSessionError: URLError(.timedOut), taskIsCancelled: true)
    #expect(error.kind == .cancelled)
    #expect(error.message.hasPrefix("timedOut (-1001)"))
  }

  @Test func keepsATransportErrorAsItIs() {
    let original = TransportError(.invalidRequest, "body file missing")
    #expect(TransportError(urlSessionError: original, taskIsCancelled: false) == original)
  }

  @Test func mapsAnyOtherErrorToOther() {
    let error = TransportError(
      urlSessionError: CocoaError(.fileReadCorruptFile), taskIsCancelled: false)
    #expect(error.kind == .other)
    #expect(error.message.hasPrefix("CocoaError: "))
  }
}
