import CardPrimitives
import CardSandbox
import Dispatch
import Foundation
import LoopbackHTTPTestServer

/// A ``CardSandbox/Sandbox`` served over HTTP on 127.0.0.1, to run the REPL with the
/// URLSession transport as with a real server.
final class SandboxHTTPServer: Sendable {
  let sandbox: Sandbox
  private let server: LoopbackHTTPServer

  init() throws {
    let sandbox = Sandbox()
    self.sandbox = sandbox
    server = try LoopbackHTTPServer { request in
      // The server's threads are not Swift tasks, so waiting here blocks no task.
      let reply = Protected<LoopbackHTTPServer.Reply?>(nil)
      let done = DispatchSemaphore(value: 0)
      Task {
        let answer = await Self.answer(request, from: sandbox)
        reply.withLock { $0 = answer }
        done.signal()
      }
      done.wait()
      return reply.withLock { $0! }
    }
  }

  var baseURL: URL { server.url("") }

  func stop() { server.stop() }

  private static func answer(_ request: LoopbackHTTPServer.Request, from sandbox: Sandbox)
    async -> LoopbackHTTPServer.Reply
  {
    let headers = HeaderFields(request.headers)
    do {
      let response = try await sandbox.handle(
        SandboxRequest(
          method: request.method, path: request.target, headers: headers, body: request.body))
      return .respond(
        status: response.status, headers: response.headers.fields.map { ($0.name, $0.value) },
        body: response.body)
    } catch {
      return .respond(status: 599)
    }
  }
}
