import CardData
import CardInfrastructure
import CardTestingPrimitives
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("URLSessionTransport throws a TransportError when no response arrived")
struct URLSessionTransportFailureTests {
  @Test(arguments: [
    (URLError.Code.cannotConnectToHost, TransportError.Kind.cannotConnect),
    (.cannotFindHost, .dnsFailure),
    (.timedOut, .timedOut),
    (.networkConnectionLost, .connectionLost),
    (.serverCertificateUntrusted, .tlsFailure),
    (.cancelled, .cancelled),
    (.unsupportedURL, .invalidRequest),
    (.badServerResponse, .other),
  ])
  func mapsTheStubsURLError(_ code: URLError.Code, _ kind: TransportError.Kind) async throws {
    let route = StubRoute(always: .fail(URLError(code)))
    let error = await transportError(
      sending: HTTPRequest(method: .get, url: route.url()), through: try stubTransport())
    #expect(error?.kind == kind)
    #expect(error?.message.hasSuffix(" (URLError \(code.rawValue))") == true)
  }

  @Test func rejectsAMissingBodyFileWithoutSending() async throws {
    let route = StubRoute(always: .respond(status: 200))
    let directory = try TemporaryDirectory()
    let missing = directory.appending("missing-body")
    let error = await transportError(
      sending: HTTPRequest(method: .post, url: route.url(), body: .file(missing, length: 10)),
      through: try stubTransport())
    #expect(error?.kind == .invalidRequest)
    #expect(error?.message.contains(missing.lastPathComponent) == true)
    #expect(route.requests.isEmpty)
  }

  @Test func rejectsABodyFileOfAnotherLength() async throws {
    let route = StubRoute(always: .respond(status: 200))
    let file = try TemporaryFile(count: 100)
    let error = await transportError(
      sending: HTTPRequest(method: .post, url: route.url(), body: .file(file.url, length: 99)),
      through: try stubTransport())
    #expect(error?.kind == .invalidRequest)
    #expect(error?.message.contains("100 bytes, not 99") == true)
    #expect(route.requests.isEmpty)
  }

  @Test func rejectsADirectoryAsBodyFile() async throws {
    let route = StubRoute(always: .respond(status: 200))
    let directory = try TemporaryDirectory()
    let error = await transportError(
      sending: HTTPRequest(
        method: .post, url: route.url(), body: .file(directory.url, length: 0)),
      through: try stubTransport())
    #expect(error?.kind == .invalidRequest)
    #expect(route.requests.isEmpty)
  }
}
