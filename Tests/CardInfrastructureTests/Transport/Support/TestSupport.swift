import CardData
import CardInfrastructure
import CardTestingPrimitives
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A transport whose session answers through ``StubURLProtocol``.
func stubTransport(
  requestTimeout: Duration = .seconds(30),
  maximumReplySize: Int = URLSessionTransport.Configuration.defaultMaximumReplySize
) throws -> URLSessionTransport {
  let sessionConfiguration = URLSessionConfiguration.ephemeral
  sessionConfiguration.protocolClasses = [StubURLProtocol.self]
  return URLSessionTransport(
    configuration: try .init(
      requestTimeout: requestTimeout, maximumReplySize: maximumReplySize,
      sessionConfiguration: sessionConfiguration))
}

/// A transport whose session talks to real servers, for the ``LoopbackHTTPServer`` tests.
func networkTransport(requestTimeout: Duration = .seconds(30)) throws -> URLSessionTransport {
  URLSessionTransport(configuration: try .init(requestTimeout: requestTimeout))
}

/// A file of test bytes in a temporary directory of its own; the directory, and the file
/// with it, is deleted when the value is released.
struct TemporaryFile {
  let bytes: Data
  private let directory: TemporaryDirectory

  /// The file. It is read through the directory, so that every use keeps the file in place.
  var url: URL { directory.appending("body") }

  /// Writes `count` bytes that repeat with a period of 4099, a prime, so that a chunk lost,
  /// repeated or reordered changes them.
  init(count: Int) throws {
    let period = Data((0..<4099).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
    var bytes = Data(capacity: count + period.count)
    while bytes.count < count {
      bytes.append(period)
    }
    bytes.removeLast(bytes.count - count)
    self.bytes = bytes
    directory = try TemporaryDirectory()
    try directory.write(bytes, to: "body")
  }
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
