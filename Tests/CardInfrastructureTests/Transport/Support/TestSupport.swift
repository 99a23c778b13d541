import CardData
import CardInfrastructure
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A transport whose session answers through ``StubURLProtocol``.
func stubTransport(requestTimeout: Duration = .seconds(30)) throws -> URLSessionTransport {
  let sessionConfiguration = URLSessionConfiguration.ephemeral
  sessionConfiguration.protocolClasses = [StubURLProtocol.self]
  return URLSessionTransport(
    configuration: try .init(
      requestTimeout: requestTimeout, sessionConfiguration: sessionConfiguration))
}

/// A transport whose session talks to real servers, for the ``LoopbackHTTPServer`` tests.
func networkTransport(requestTimeout: Duration = .seconds(30)) throws -> URLSessionTransport {
  URLSessionTransport(configuration: try .init(requestTimeout: requestTimeout))
}

/// A temporary file of `count` bytes, removed by the caller. The bytes repeat with a period
/// of 4099, a prime, so that a chunk lost, repeated or reordered changes them.
func temporaryFile(count: Int) throws -> (url: URL, bytes: Data) {
  let period = Data((0..<4099).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
  var bytes = Data(capacity: count + period.count)
  while bytes.count < count {
    bytes.append(period)
  }
  bytes.removeLast(bytes.count - count)
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("transport-body-\(UUID().uuidString)")
  try bytes.write(to: url)
  return (url, bytes)
}

/// The transport error `send` threw, or `nil` when it returned a response.
func transportError(
  sending request: HTTPRequest, through transport: URLSessionTransport
) async -> TransportError? {
  do {
    _ = try await transport.send(request)
    return nil
  } catch {
    return error
  }
}
