import CardData
import CardInfrastructure
import Foundation
import Testing

@Suite("URLSessionTransport returns every status as a response")
struct URLSessionTransportResponseTests {
  @Test(arguments: [200, 201, 404, 500])
  func returnsTheStatusHeaderFieldsAndBody(_ status: Int) async throws {
    let body = Data(#"{"status":\#(status)}"#.utf8)
    let route = StubRoute(
      always: .respond(
        status: status, headers: ["Content-Type": "application/json", "X-Trace": "t-\(status)"],
        body: body))
    let response = try await stubTransport().send(HTTPRequest(method: .get, url: route.url()))
    #expect(response.status == status)
    #expect(response.headers["content-type"] == "application/json")
    #expect(response.headers["X-Trace"] == "t-\(status)")
    #expect(response.body == body)
  }

  @Test func listsEveryHeaderFieldSortedByName() async throws {
    let route = StubRoute(
      always: .respond(status: 204, headers: ["X-B": "2", "x-a": "1", "Location": "/card/c1"]))
    let response = try await stubTransport().send(HTTPRequest(method: .get, url: route.url()))
    #expect(response.headers.map(\.name) == ["Location", "x-a", "X-B"])
    #expect(response.headers.map(\.value) == ["/card/c1", "1", "2"])
    #expect(response.body.isEmpty)
  }

  @Test func returnsABodyOfSeveralMebibytesWhole() async throws {
    let file = try TemporaryFile(count: 3 << 20)
    let route = StubRoute(always: .respond(status: 200, body: file.bytes))
    let response = try await stubTransport().send(HTTPRequest(method: .get, url: route.url()))
    #expect(response.body == file.bytes)
  }
}
