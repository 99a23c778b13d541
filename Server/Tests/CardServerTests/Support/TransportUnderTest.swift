import CardAsyncHTTPClient
import CardData
import CardInfrastructure

/// The transports the Data layer's end-to-end suite runs over, one test case each: the same
/// `CardAPI` against the same server, only the port's adapter changes.
enum TransportUnderTest: String, CaseIterable, Sendable, CustomStringConvertible {
  case urlSession = "URLSessionTransport"
  case asyncHTTPClient = "AsyncHTTPClientTransport"

  var description: String { rawValue }

  /// A transport as an app builds it: the default configuration of each; AsyncHTTPClient's
  /// sends through its shared client, which nothing has to shut down.
  func make() -> any HTTPTransport {
    switch self {
    case .urlSession: URLSessionTransport()
    case .asyncHTTPClient: AsyncHTTPClientTransport()
    }
  }
}
