import CardData
import CardInfrastructure
import Foundation
import Testing

@Suite("URLSessionTransport sends requests as given")
struct URLSessionTransportRequestTests {
  private static let ok = StubReply.respond(status: 200)

  @Test(arguments: [HTTPMethod.get, .post, .put, .delete])
  func sendsTheMethod(_ method: HTTPMethod) async throws {
    let route = StubRoute(always: Self.ok)
    _ = try await stubTransport().send(HTTPRequest(method: method, url: route.url("/cards")))
    #expect(route.requests.map(\.method) == [method.rawValue])
    #expect(route.requests.first?.url == route.url("/cards"))
  }

  /// Adding only `Accept-Encoding: identity`, which keeps libcurl from asking for compression.
  @Test func forwardsTheHeaderFieldsExactly() async throws {
    let route = StubRoute(always: Self.ok)
    let headers: HTTPHeaders = [
      "Accept": "application/json", "Authorization": "Bearer token-1", "X-Request-ID": "r-7",
    ]
    _ = try await stubTransport().send(
      HTTPRequest(method: .get, url: route.url(), headers: headers))
    let seen = try #require(route.requests.first?.headers)
    // Names compare case-insensitively: FoundationNetworking sends `X-Request-Id`.
    #expect(
      Dictionary(uniqueKeysWithValues: seen.map { ($0.key.lowercased(), $0.value) }) == [
        "accept": "application/json", "authorization": "Bearer token-1", "x-request-id": "r-7",
        "accept-encoding": "identity",
      ])
  }

  @Test func joinsRepeatedHeaderFieldsInOrder() async throws {
    let route = StubRoute(always: Self.ok)
    var headers = HTTPHeaders()
    headers.add(name: "Accept-Language", value: "ko")
    headers.add(name: "Accept-Language", value: "en")
    _ = try await stubTransport().send(
      HTTPRequest(method: .get, url: route.url(), headers: headers))
    #expect(route.requests.first?.headers["Accept-Language"] == "ko,en")
  }

  @Test func sendsADataBodyFromMemory() async throws {
    let route = StubRoute(always: Self.ok)
    let body = Data(#"{"name":"Kim"}"#.utf8)
    _ = try await stubTransport().send(
      HTTPRequest(
        method: .post, url: route.url(), headers: ["Content-Type": "application/json"],
        body: .data(body)))
    let seen = try #require(route.requests.first)
    #expect(seen.body == body)
    #if canImport(FoundationNetworking)
      #expect(seen.bodySource == .httpBody)
    #endif
    #expect(seen.headers["Content-Type"] == "application/json")
  }

  @Test func streamsAFileBodyOfSeveralMebibytes() async throws {
    let route = StubRoute(always: Self.ok)
    let file = try TemporaryFile(count: 5 << 20 + 123)
    _ = try await stubTransport().send(
      HTTPRequest(
        method: .put, url: route.url("/card/c1/image"),
        headers: ["Content-Type": "multipart/form-data; boundary=b"],
        body: .file(file.url, length: Int64(file.bytes.count))))
    let seen = try #require(route.requests.first)
    #expect(seen.bodySource == .httpBodyStream)
    #expect(seen.body.count == file.bytes.count)
    #expect(seen.body == file.bytes)
    #expect(seen.headers["Content-Type"] == "multipart/form-data; boundary=b")
  }

  @Test func givesABodyWithoutContentTypeTheOctetStreamType() async throws {
    let route = StubRoute(always: Self.ok)
    _ = try await stubTransport().send(
      HTTPRequest(method: .post, url: route.url(), body: .data(Data([1, 2, 3]))))
    #expect(route.requests.first?.headers["Content-Type"] == "application/octet-stream")
  }

  @Test func leavesARequestWithoutBodyWithoutContentType() async throws {
    let route = StubRoute(always: Self.ok)
    _ = try await stubTransport().send(HTTPRequest(method: .delete, url: route.url()))
    let seen = try #require(route.requests.first)
    #expect(seen.headers["Content-Type"] == nil)
    #expect(seen.bodySource == .none)
  }

  @Test func putsTheConfiguredTimeoutOnTheRequest() async throws {
    let route = StubRoute(always: Self.ok)
    _ = try await stubTransport().send(HTTPRequest(method: .get, url: route.url()))
    _ = try await stubTransport(requestTimeout: .seconds(5)).send(
      HTTPRequest(method: .get, url: route.url()))
    _ = try await stubTransport(requestTimeout: .milliseconds(1500)).send(
      HTTPRequest(method: .get, url: route.url()))
    _ = try await stubTransport(requestTimeout: .milliseconds(300)).send(
      HTTPRequest(method: .get, url: route.url()))
    // FoundationNetworking counts whole seconds: a fraction is rounded up, never down to a
    // timeout of zero that would fail every request at once.
    #if canImport(FoundationNetworking)
      let fractionalTimeouts: [TimeInterval] = [2, 1]
    #else
      let fractionalTimeouts: [TimeInterval] = [1.5, 0.3]
    #endif
    #expect(route.requests.map(\.timeoutInterval) == [30, 5] + fractionalTimeouts)
  }
}
