import CardData
import CardDomain
import CardTestSupport
import Foundation
import Testing

@Suite("Event monitor hooks and request metrics")
struct EventMonitorTests {
  private let transport = StubTransport()
  private let monitor = RecordingEventMonitor()
  private let sleeper = RecordingSleeper()

  private func client(
    adapters: [any RequestAdapter] = [], retriers: [any RequestRetrier] = [],
    monitors: [any EventMonitor]? = nil
  ) -> RequestPipeline {
    RequestPipeline(
      baseURL: testBaseURL, transport: transport,
      interceptor: Interceptor(adapters: adapters, retriers: retriers),
      monitors: monitors ?? [monitor], sleeper: sleeper)
  }

  private var names: [String] { monitor.events.map(\.name) }

  @Test("a successful request reports built, sent, received, finished with its figures")
  func successfulRequest() async throws {
    await transport.stub(method: .put, path: "/things", with: [.status(200, body: "0123456789")])
    let endpoint = TestEndpoint.json(SampleBody(name: "abc", count: 1), method: .put)
    let sentBody = Data(#"{"count":1,"name":"abc"}"#.utf8)
    _ = try await client(adapters: [TagAdapter(tag: "a", log: CallLog())]).send(endpoint)

    #expect(names == ["built", "sent", "received", "finished"])
    let events = monitor.events
    guard case .built(let built, let summary) = events[0], case .sent(let sent) = events[1]
    else {
      Issue.record("unexpected events \(events)")
      return
    }
    #expect(built.headers["X-Tags"] == nil)
    #expect(summary == .json(sentBody))
    #expect(sent.headers["X-Tags"] == "a")
    #expect(events[2] == .received(status: 200))

    let metrics = try #require(monitor.finished.first)
    #expect(monitor.finished.count == 1)
    #expect(metrics.attempts == 1)
    #expect(metrics.bytesSent == Int64(sentBody.count))
    #expect(metrics.bytesReceived == 10)
    #expect(metrics.outcome == .response(status: 200))
    #expect(metrics.method == .put)
    #expect(metrics.url.absoluteString == "https://api.example.com/things")
    #expect(metrics.context.endpointName == "testThings")
    #expect(metrics.context.retries.isEmpty)
    #expect(metrics.duration >= .zero)
  }

  @Test("a retried request reports each attempt, the retry with its delay, and summed figures")
  func retriedRequest() async throws {
    await transport.stub(
      method: .get, path: "/things", with: [.status(503, body: "busy"), .status(200, body: "ok!")])
    _ = try await client(retriers: [RetryPolicy()]).send(TestEndpoint.get())

    #expect(
      names == [
        "built", "sent", "received", "retrying", "sent", "received",
        "finished",
      ])
    #expect(monitor.events.contains(.retrying(.transientFailure, .milliseconds(500))))
    #expect(
      monitor.events.filter { $0.name == "received" } == [
        .received(status: 503), .received(status: 200),
      ])
    let metrics = try #require(monitor.finished.first)
    #expect(metrics.attempts == 2)
    #expect(metrics.bytesSent == 0)
    #expect(metrics.bytesReceived == 7)
    #expect(metrics.outcome == .response(status: 200))
    #expect(metrics.context.retries == [.transientFailure])
  }

  @Test("a body sent twice counts twice in bytesSent")
  func bytesSentSumAttempts() async throws {
    await transport.stub(method: .put, path: "/things", with: [.status(500), .status(204)])
    let endpoint = TestEndpoint.json(SampleBody(name: "n", count: 12), method: .put)
    _ = try await client(retriers: [RetryPolicy()]).send(endpoint)
    let metrics = try #require(monitor.finished.first)
    #expect(metrics.attempts == 2)
    #expect(metrics.bytesSent == 2 * Int64(#"{"count":12,"name":"n"}"#.utf8.count))
  }

  @Test("a transport failure reports failed, then finished with the error")
  func transportFailure() async throws {
    let error = TransportError.of(.tlsFailure)
    await transport.stub(method: .get, path: "/things", with: [.failure(error)])
    _ = await outcome(of: client(), TestEndpoint.get())
    #expect(names == ["built", "sent", "failed", "finished"])
    #expect(monitor.events[2] == .failed(error))
    let metrics = try #require(monitor.finished.first)
    #expect(metrics.outcome == .failure(.networkFail(reason: error.message)))
    #expect(metrics.attempts == 1)
    #expect(metrics.bytesReceived == 0)
  }

  @Test("a failing adapter reports built then finished, with no attempt made")
  func adapterFailure() async throws {
    let failing = FailingAdapter(error: .signedOut, log: CallLog())
    _ = await outcome(of: client(adapters: [failing]), TestEndpoint.get())
    #expect(names == ["built", "finished"])
    let metrics = try #require(monitor.finished.first)
    #expect(metrics.outcome == .failure(.signedOut))
    #expect(metrics.attempts == 0)
    #expect(metrics.bytesSent == 0)
  }

  @Test("a .fail decision ends with finished carrying that error")
  func failDecision() async throws {
    await transport.stub(method: .get, path: "/things", with: [.status(401)])
    let retrier = ScriptedRetrier("r", log: CallLog(), always: .fail(.signedOut))
    _ = await outcome(of: client(retriers: [retrier]), TestEndpoint.get())
    #expect(names == ["built", "sent", "received", "finished"])
    #expect(monitor.finished.first?.outcome == .failure(.signedOut))
  }

  @Test("a returned error response finishes with its status")
  func errorResponseOutcome() async throws {
    await transport.stub(method: .get, path: "/things", with: [.status(404, body: "none")])
    _ = try await client().send(TestEndpoint.get())
    #expect(monitor.finished.first?.outcome == .response(status: 404))
    #expect(monitor.finished.first?.bytesReceived == 4)
  }

  @Test("every monitor receives every event, in the same order")
  func severalMonitors() async throws {
    let second = RecordingEventMonitor()
    await transport.stub(method: .get, path: "/things", with: [.status(200)])
    _ = try await client(monitors: [monitor, second]).send(TestEndpoint.get())
    #expect(monitor.events == second.events)
    #expect(names == ["built", "sent", "received", "finished"])
  }

  @Test("each request gets its own increasing id, shared by all its events")
  func requestIDs() async throws {
    final class IDMonitor: EventMonitor {
      let log = CallLog()
      func requestBuilt(_ request: HTTPRequest, body: RequestBodySummary, context: RequestContext) {
        log.append("built \(context.id)")
      }
      func requestFinished(_ metrics: RequestMetrics) {
        log.append("finished \(metrics.context.id)")
      }
    }
    let ids = IDMonitor()
    await transport.stub(method: .get, path: "/things", with: [.status(200)])
    let client = client(monitors: [ids])
    _ = try await client.send(TestEndpoint.get())
    _ = try await client.send(TestEndpoint.get())
    let numbers = ids.log.all.map { Int($0.split(separator: " ")[1])! }
    #expect(numbers.count == 4)
    #expect(numbers[0] == numbers[1] && numbers[2] == numbers[3])
    #expect(numbers[2] > numbers[0])
  }

  @Test("each attempt's upload progress reaches the monitors with the request's context")
  func uploadProgress() async throws {
    final class ProgressMonitor: EventMonitor {
      let log = CallLog()
      func uploadProgressed(_ sent: Int64, of total: Int64, context: RequestContext) {
        log.append("\(context.endpointName) \(sent) of \(total)")
      }
    }
    let progress = ProgressMonitor()
    await transport.stub(method: .put, path: "/things", with: [.status(500), .status(204)])
    let endpoint = TestEndpoint.json(SampleBody(name: "n", count: 12), method: .put)
    _ = try await client(retriers: [RetryPolicy()], monitors: [progress]).send(endpoint)
    let size = #"{"count":12,"name":"n"}"#.utf8.count
    let line = "\(endpoint.name) \(size) of \(size)"
    #expect(progress.log.all == [line, line])
  }
}
