import CardTestSupport
import Foundation
import Testing

@testable import CardData

@Suite("Request building")
struct RequestBuilderTests {
  private func build(
    _ endpoint: TestEndpoint, baseURL: URL = testBaseURL
  ) throws -> HTTPRequest {
    try RequestBuilder(baseURL: baseURL, multipartEncoder: MultipartEncoder()).build(endpoint)
      .request
  }

  @Test(
    "the endpoint path is appended to the base URL, with or without a prefix or trailing slash",
    arguments: [
      ("https://api.example.com", "https://api.example.com/cards/7"),
      ("https://api.example.com/", "https://api.example.com/cards/7"),
      ("https://api.example.com/v1", "https://api.example.com/v1/cards/7"),
      ("https://api.example.com/v1/", "https://api.example.com/v1/cards/7"),
      ("https://api.example.com/api/v1//", "https://api.example.com/api/v1/cards/7"),
      ("http://localhost:8080/base", "http://localhost:8080/base/cards/7"),
    ])
  func baseURLJoining(base: String, expected: String) throws {
    let request = try build(.get("/cards/7"), baseURL: try #require(URL(string: base)))
    #expect(request.url.absoluteString == expected)
  }

  @Test("a segment holding / space and ? stays one percent-encoded segment")
  func pathSegmentsArePercentEncoded() throws {
    let request = try build(.get(RequestPath(["cards", "a/b c?"])))
    #expect(request.url.absoluteString == "https://api.example.com/cards/a%2Fb%20c%3F")
    #expect(request.url.path(percentEncoded: true) == "/cards/a%2Fb%20c%3F")
    #expect(request.url.query == nil)
    let components = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
    #expect(components.percentEncodedPath.split(separator: "/").count == 2)
  }

  @Test("non-ASCII and reserved characters in a segment are percent-encoded as UTF-8")
  func nonASCIISegment() throws {
    let request = try build(.get(RequestPath(["cards", "카드#1%"])))
    #expect(
      request.url.absoluteString == "https://api.example.com/cards/%EC%B9%B4%EB%93%9C%231%25")
  }

  @Test("query names and values are encoded so that + & = spaces and non-ASCII survive")
  func queryItemsAreEncoded() throws {
    let items = [
      URLQueryItem(name: "q", value: "a+b&c=d e"),
      URLQueryItem(name: "city", value: "Zürich"),
      URLQueryItem(name: "odd name", value: "x/y?"),
      URLQueryItem(name: "flag", value: nil),
    ]
    let request = try build(TestEndpoint(path: "/search", task: .query(items)))
    #expect(
      request.url.absoluteString
        == "https://api.example.com/search?q=a%2Bb%26c%3Dd%20e&city=Z%C3%BCrich"
        + "&odd%20name=x%2Fy%3F&flag")
    let decoded = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems
    #expect(decoded == items)
  }

  @Test("a query goes after a base path prefix")
  func queryWithPrefixedBase() throws {
    let request = try build(
      TestEndpoint(path: "/cards", task: .query([URLQueryItem(name: "page", value: "2")])),
      baseURL: URL(string: "https://api.example.com/v1/")!)
    #expect(request.url.absoluteString == "https://api.example.com/v1/cards?page=2")
  }

  @Test(
    "Accept: application/json is always sent",
    arguments: [
      RequestTask.plain, .query([URLQueryItem(name: "a", value: "b")]),
      .json(SampleBody(name: "x", count: 1)), .multipart(MultipartFormData(boundary: "b")),
    ])
  func acceptIsAlwaysJSON(task: RequestTask) throws {
    let request = try build(TestEndpoint(task: task))
    #expect(request.headers.values(for: "Accept") == ["application/json"])
  }

  @Test("requests without a body carry no Content-Type and an empty body")
  func plainHasNoBody() throws {
    let request = try build(.get())
    #expect(request.headers["Content-Type"] == nil)
    #expect(request.body == .empty)
    #expect(request.method == .get)
  }

  @Test("a JSON body is encoded with Content-Type: application/json")
  func jsonBody() throws {
    let request = try build(.json(SampleBody(name: "a/b", count: 2), method: .put))
    #expect(request.method == .put)
    #expect(request.headers["Content-Type"] == "application/json")
    guard case .data(let data) = request.body else {
      Issue.record("expected an in-memory body, got \(request.body)")
      return
    }
    #expect(String(decoding: data, as: UTF8.self) == #"{"count":2,"name":"a/b"}"#)
    #expect(
      try JSONDecoder().decode(SampleBody.self, from: data) == SampleBody(name: "a/b", count: 2))
  }

  @Test("a JSON body that cannot be encoded fails as .encoding before anything is sent")
  func unencodableJSON() async throws {
    let transport = StubTransport()
    let monitor = RecordingEventMonitor()
    let client = APIClient(baseURL: testBaseURL, transport: transport, monitors: [monitor])
    let result = await outcome(of: client, TestEndpoint.json(Double.nan))
    guard case .encoding(let reason) = result.failure else {
      Issue.record("expected .encoding, got \(result)")
      return
    }
    #expect(reason.contains("testThings"))
    #expect(await transport.received.isEmpty)
    #expect(monitor.events.map(\.name) == ["finished"], "monitors hear that it ended, and how")
  }

  @Test("a multipart body gets multipart/form-data with the form's boundary")
  func multipartBody() throws {
    var form = MultipartFormData(boundary: "test-boundary-42")
    form.append("Ada", name: "name")
    form.append(Data([1, 2, 3]), name: "image", filename: "a.png", contentType: "image/png")
    let request = try build(TestEndpoint(method: .post, task: .multipart(form)))
    #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=test-boundary-42")
    guard case .data(let data) = request.body else {
      Issue.record("expected an in-memory body, got \(request.body)")
      return
    }
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.hasPrefix("--test-boundary-42\r\n"))
    #expect(text.contains("Content-Disposition: form-data; name=\"name\"\r\n\r\nAda\r\n"))
    #expect(text.contains("filename=\"a.png\""))
    #expect(text.hasSuffix("--test-boundary-42--\r\n"))
  }

  @Test("endpoint headers override the defaults, whatever their case, and add their own")
  func endpointHeadersOverride() throws {
    let endpoint = TestEndpoint(
      task: .json(SampleBody(name: "x", count: 1)),
      headers: ["accept": "text/csv", "CONTENT-TYPE": "application/vnd.card+json", "X-Extra": "1"])
    let request = try build(endpoint)
    #expect(request.headers.values(for: "Accept") == ["text/csv"])
    #expect(request.headers.values(for: "Content-Type") == ["application/vnd.card+json"])
    #expect(request.headers["x-extra"] == "1")
    #expect(request.headers.fields.count == 3)
  }

  @Test("the client sends the built request to the transport unchanged when nothing adapts it")
  func clientSendsBuiltRequest() async throws {
    let transport = StubTransport()
    await transport.stub(method: .put, path: "/cards/a%2Fb", with: [.status(204)])
    let client = APIClient(baseURL: testBaseURL, transport: transport)
    let endpoint = TestEndpoint(
      path: RequestPath(["cards", "a/b"]), method: .put,
      task: .json(SampleBody(name: "n", count: 3)),
      headers: ["X-Trace": "t1"])
    let response = try await client.send(endpoint)
    #expect(response.status == 204)
    let received = try #require(await transport.received.first)
    #expect(received.request.url.absoluteString == "https://api.example.com/cards/a%2Fb")
    #expect(received.request.method == .put)
    #expect(received.request.headers["Accept"] == "application/json")
    #expect(received.request.headers["Content-Type"] == "application/json")
    #expect(received.request.headers["X-Trace"] == "t1")
    #expect(String(decoding: received.body, as: UTF8.self) == #"{"count":3,"name":"n"}"#)
  }
}

@Suite("Request building: what an endpoint cannot override")
struct RequestBuilderGuardTests {
  @Test func aMultipartContentTypeAlwaysCarriesTheBodysBoundary() async throws {
    var form = MultipartFormData(boundary: "the-real-boundary")
    form.append("Kim", name: "card.name")
    var endpoint = TestEndpoint(method: .post, task: .multipart(form))
    endpoint.headers = ["Content-Type": "multipart/form-data; boundary=wrong"]
    let transport = StubTransport()
    _ = try await APIClient(baseURL: testBaseURL, transport: transport).send(endpoint)
    let sent = try #require(await transport.received.first)
    #expect(sent.request.headers.values(for: "Content-Type") == [form.contentType])
  }

  @Test(arguments: [".", "..", "..."])
  func dotSegmentsStayData(_ id: String) {
    let path = RequestPath(["card", id])
    #expect(path.percentEncoded == "/card/" + String(repeating: "%2E", count: id.count))
    let url = URL(string: "https://api.example.com" + path.percentEncoded)!
    #expect(
      url.standardized.path(percentEncoded: true) == "/card/"
        + String(repeating: "%2E", count: id.count))
  }
}
