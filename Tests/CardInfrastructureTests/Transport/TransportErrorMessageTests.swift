import CardData
import Foundation
import Testing

@testable import CardInfrastructure

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

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
      Self.message(.badServerResponse, reason: "Empty reply from server")
        == "the request to 127.0.0.1:9 failed: Empty reply from server (URLError -1011)")
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

  @Test(
    "says a duration in seconds, or in minutes when whole",
    arguments: [(30.0, "30 s"), (0.7, "0.7 s"), (1.25, "1.25 s"), (90, "90 s"), (300, "5 min")])
  func spokenDuration(_ seconds: TimeInterval, _ words: String) {
    #expect(seconds.spokenDuration == words)
  }
}
