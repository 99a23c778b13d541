import CardSandbox
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The adapter: hands each HTTP request to the sandbox, turns its answer into the HTTP
/// response, and its absence (offline) into a closed connection. Every path goes to the
/// sandbox, which answers `404` and `405` itself, except the admin path.
struct SandboxResponder: HTTPResponder {
  let sandbox: Sandbox
  /// Receives one line per request (``RequestLog``).
  let log: @Sendable (String) -> Void

  func respond(to request: Request, context: ServerRequestContext) async throws -> Response {
    let start = ContinuousClock.now
    let method = request.method.rawValue
    let target = request.head.path ?? "/"
    func logged(_ outcome: String, detail: String? = nil) {
      log(
        RequestLog.line(
          method: method, target: target, outcome: outcome, duration: ContinuousClock.now - start,
          detail: detail))
    }
    do {
      let (response, detail) = try await answer(request, context: context)
      logged(String(response.status.code), detail: detail)
      return response
    } catch {
      logged("closed")
      throw error
    }
  }

  /// The response, and for a failure of the server's own its cause with every path, for the
  /// log only (the response names none). Throws only after closing the connection, when there
  /// is to be no answer.
  private func answer(_ request: Request, context: ServerRequestContext) async throws -> (
    Response, detail: String?
  ) {
    let target = request.head.path ?? "/"
    let limit = BodyLimit.of(method: request.method.rawValue, path: target)
    let body: ByteBuffer
    do {
      let contentLength = request.headers[.contentLength].flatMap { Int($0) }
      if let contentLength, contentLength > limit.byteCount { throw BodyTooLarge(limit: limit) }
      // The body is wanted: a client waiting for `100 Continue` gets it now (HTTP1Persistence,
      // which also judges the expectation; asked only when there is one, to spare every other
      // request a trip to the event loop).
      if request.headers[.expect] != nil {
        try? await context.channel.triggerUserOutboundEvent(HTTP1Persistence.ContinueRequest())
          .get()
      }
      body = try await limit.collect(request.body, contentLength: contentLength)
    } catch let error as BodyTooLarge {
      let response = ServerEnvelope.response(413, error.limit.refusal)
      return (response, nil)
    }
    let bytes = Data(body.readableBytesView)
    if AdminOperation.isAdmin(target) {
      return await admin(
        request.method.rawValue, target, bytes, headers: request.headers,
        peer: context.channel.remoteAddress)
    }
    do {
      let answer = try await sandbox.handle(
        method: request.method.rawValue, target: target,
        headerFields: request.headers.map { (name: $0.name.rawName, value: $0.value) }, body: bytes)
      return (Self.response(answer), answer.failureDetail)
    } catch {
      // Offline, or the client went away: no answer, as a server that is down gives none.
      try? await context.channel.close()
      throw error
    }
  }

  private func admin(
    _ method: String, _ target: String, _ body: Data, headers: HTTPFields, peer: SocketAddress?
  ) async -> (Response, detail: String?) {
    guard LoopbackPolicy.allowsAdmin(from: peer) else {
      return (ServerEnvelope.response(403, "the admin path answers only on loopback"), nil)
    }
    do throws(AdminOperation.Refusal) {
      if let refusal = CrossSitePolicy.refusal(
        method: method, origin: headers[.origin], contentType: headers[.contentType])
      {
        throw refusal
      }
      let operation = try AdminOperation(method: method, target: target, body: body)
      try await operation.apply(to: sandbox)
      let faults = FaultsSnapshot(await sandbox.faults)
      return (
        ServerEnvelope.response(200, "sandbox faults: \(faults.summary)", data: faults), nil
      )
    } catch {
      var headers: HTTPFields = [:]
      headers[.allow] =
        error.allowedMethods.isEmpty ? nil : error.allowedMethods.joined(separator: ", ")
      return (
        ServerEnvelope.response(error.status, error.message, headers: headers), error.detail
      )
    }
  }

  /// The sandbox's answer as it is: status, header fields in order, body.
  static func response(_ answer: SandboxResponse) -> Response {
    var headers = HTTPFields()
    for field in answer.headerFields {
      guard let name = HTTPField.Name(field.name) else { continue }
      headers.append(HTTPField(name: name, value: field.value))
    }
    return Response(
      status: HTTPResponse.Status(code: answer.status), headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
  }
}
