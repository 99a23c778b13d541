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

  @Test(arguments: expectedKinds)
  func mapsTheURLErrorCode(_ code: URLError.Code, _ kind: TransportError.Kind) {
    let error = TransportError(
      urlSessionError: URLError(code), request: Self.request, taskIsCancelled: false)
    #expect(error.kind == kind)
    #expect(error.message.hasSuffix(" (URLError \(code.rawValue))"))
  }

  @Test(arguments: expectedKinds)
  func neverPutsThePathQueryOrCredentialsInTheMessage(_ code: URLError.Code, _: TransportError.Kind)
  {
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

  @Test func mapsAnyOtherErrorToOther() {
    let error = TransportError(
      urlSessionError: CocoaError(.fileReadCorruptFile), request: Self.request,
      taskIsCancelled: false)
    #expect(error.kind == .other)
    #expect(error.message.hasPrefix("the request to api.example.test:8443 failed: "))
    #expect(error.message.hasSuffix(" (CocoaError)"))
  }
}

@Suite("TransportError messages name the server and the URLError code in words")
struct TransportErrorMessageTests {
  private static func message(
    _ code: URLError.Code, reason: String? = nil, failingURL: String? = nil,
    url: String = "http://127.0.0.1:9/cards?token=s3cr3t", timeout: TimeInterval = 30
  ) -> String {
    var userInfo: [String: Any] = [:]
    userInfo[NSLocalizedDescriptionKey] = reason
    userInfo[NSURLErrorFailingURLErrorKey] = failingURL.flatMap(URL.init(string:))
    var request = URLRequest(url: URL(string: url)!)
    request.timeoutInterval = timeout
    return TransportError(
      urlSessionError: URLError(code, userInfo: userInfo), request: request,
      taskIsCancelled: false
    ).message
  }

  @Test func aTimeoutNamesTheServerAndTheRequestTimeout() {
    #expect(Self.message(.timedOut) == "no response from 127.0.0.1:9 within 30 s (URLError -1001)")
    #expect(
      Self.message(.timedOut, timeout: 1.5)
        == "no response from 127.0.0.1:9 within 1.5 s (URLError -1001)")
  }

  @Test func aRefusedConnectionNamesTheServer() {
    #if canImport(FoundationNetworking)
      let expected = "cannot connect to 127.0.0.1:9: the connection was refused (URLError -1004)"
    #else
      let expected = "cannot connect to 127.0.0.1:9 (URLError -1004)"
    #endif
    #expect(Self.message(.cannotConnectToHost) == expected)
  }

  #if canImport(FoundationNetworking)
    /// libcurl refuses a header line over 100 KiB as "Out of memory", and headers over 300 KiB
    /// in all with a sentence of its own; both are a head too large, not a failure of memory.
    /// `HostileServerSpec` sends such heads through the real transport.
    @Test(arguments: ["Out of memory", "Too large response headers: 409600 > 307200"])
    func aHeaderTooLargeForLibcurlIsAReplyRefused(_ reason: String) {
      #expect(
        Self.message(.unknown, reason: reason)
          == "the header of the reply from 127.0.0.1:9 is larger than libcurl accepts"
          + " (URLError -1)")
    }
  #endif

  @Test func aLostConnectionAndAnUnknownHostReadAsSentences() {
    #expect(
      Self.message(.networkConnectionLost, url: "https://api.example.test/cards")
        == "the connection to api.example.test:443 was lost (URLError -1005)")
    #expect(
      Self.message(
        .cannotFindHost, reason: "Could not resolve host: api.example.test",
        url: "https://api.example.test/cards")
        == "the host name api.example.test could not be resolved (URLError -1003)")
  }

  @Test func namesTheURLThatFailedAfterARedirect() {
    #expect(
      Self.message(.timedOut, failingURL: "http://mirror.example.test:8080/landing?sig=x")
        == "no response from mirror.example.test:8080 within 30 s (URLError -1001)")
  }

  @Test func aTLSFailureKeepsTheUnderlyingReason() {
    #expect(
      Self.message(
        .serverCertificateUntrusted, reason: "SSL certificate problem: self-signed certificate",
        url: "https://api.example.test/")
        == "the certificate of api.example.test:443 is not trusted: SSL certificate problem:"
        + " self-signed certificate (URLError -1202)")
  }

  @Test func aCodeWithoutASentenceKeepsTheUnderlyingReason() {
    #expect(
      Self.message(.badServerResponse, reason: "Weird server reply")
        == "the request to 127.0.0.1:9 failed: Weird server reply (URLError -1011)")
  }

  @Test func leavesOutFoundationsReasonWhenItOnlyRepeatsTheCode() {
    #expect(
      Self.message(
        .badServerResponse,
        reason: "The operation could not be completed. (NSURLErrorDomain error -1011.)")
        == "the request to 127.0.0.1:9 failed (URLError -1011)")
  }

  @Test func bracketsAnIPv6Host() {
    #expect(
      Self.message(.networkConnectionLost, url: "http://[::1]:8080/")
        == "the connection to [::1]:8080 was lost (URLError -1005)")
  }

  @Test func saysTheServerWithoutAHost() {
    #expect(
      Self.message(.unsupportedURL, url: "file:///tmp/x")
        == "the URL of the request to the server is not supported (URLError -1002)")
  }

  @Test(arguments: [(30.0, "30 s"), (0.7, "0.7 s"), (1.25, "1.25 s"), (90, "90 s"), (300, "5 min")])
  func saysADurationInSecondsOrInMinutesWhenWhole(_ seconds: TimeInterval, _ words: String) {
    #expect(seconds.spokenDuration == words)
  }
}
