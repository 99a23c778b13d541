import CardData
import CardPrimitives
import CardSandbox
import Foundation

/// The ``CardData/HTTPTransport`` over the in-process sandbox: the same pipeline as with a
/// server, minus the network. Offline is a refused connection (so idempotent requests are
/// retried, as they would be); a body's files are read into memory, since the sandbox takes
/// bytes, a chunk at a time, each chunk reported as the upload's progress.
package struct SandboxTransport: HTTPTransport {
  package typealias Handler =
    @Sendable (SandboxRequest) async throws(SandboxTransportError) -> SandboxResponse

  private let handle: Handler

  /// The reserved `.invalid` name can never reach a real host, so a request meant for the
  /// sandbox never leaves the process by mistake.
  package static let baseURL = URL(string: "http://sandbox.invalid")!

  package init(sandbox: Sandbox) {
    self.init { (request) async throws(SandboxTransportError) -> SandboxResponse in
      try await sandbox.handle(request)
    }
  }

  /// Any handler of the sandbox's messages, so that the transport spec can script the server.
  package init(handler: @escaping Handler) { self.handle = handler }

  package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    let sandboxRequest = SandboxRequest(
      method: request.method.rawValue, path: request.target,
      headers: HeaderFields(request.headers.map { ($0.name, $0.value) }),
      body: try Self.consume(request.body, reporting: request.uploadProgress))
    let response: SandboxResponse
    do {
      response = try await handle(sandboxRequest)
    } catch {
      switch error {
      case .offline: throw TransportError(.cannotConnect, "the sandbox is offline")
      case .cancelled: throw .cancelled
      }
    }
    return HTTPResponse(
      status: response.status,
      headers: HTTPHeaders(response.headers.fields.map { .init(name: $0.name, value: $0.value) }),
      body: response.body)
  }

  /// What the sandbox takes of the wire: the whole body, which a progress sink hears of as it
  /// is read, 64 KiB at a time from a file and at once from memory.
  private static func consume(_ body: HTTPBody, reporting progress: UploadProgressSink?)
    throws(TransportError) -> Data
  {
    if case .data(let data) = body {
      if !data.isEmpty { progress?(sent: body.length, of: body.length) }
      return data
    }
    var data = Data()
    for segment in body.segments {
      switch segment {
      case .data(let bytes):
        data.append(bytes)
        progress?(sent: Int64(data.count), of: body.length)
      case .file(let url, let length):
        try read(url, length: length, into: &data) { progress?(sent: $0, of: body.length) }
      }
    }
    return data
  }

  /// Appends the file at `url`, which must hold `length` bytes, telling `read` of the body's
  /// bytes read so far after each chunk.
  private static func read(
    _ url: URL, length: Int64, into data: inout Data, reporting read: (Int64) -> Void
  ) throws(TransportError) {
    guard let file = try? FileHandle(forReadingFrom: url) else {
      throw TransportError(.invalidRequest, "the body file \(url.path) cannot be read")
    }
    defer { try? file.close() }
    let start = data.count
    while let chunk = try? file.read(upToCount: 64 << 10), !chunk.isEmpty {
      data.append(chunk)
      read(Int64(data.count))
    }
    guard data.count - start == length else {
      throw TransportError(
        .invalidRequest,
        "the body file \(url.path) has \(data.count - start) bytes instead of \(length)")
    }
  }
}
