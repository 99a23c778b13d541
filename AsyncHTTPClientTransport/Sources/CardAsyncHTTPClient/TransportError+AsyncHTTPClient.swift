import AsyncHTTPClient
import CardData
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension TransportError {
  /// A failure of a request to `server` that got no HTTP response, sorted into the same kinds
  /// as the URLSession transport's; ``CardData/TransportError/Kind/cancelled`` whenever the
  /// calling task was cancelled. The message names the server by host and port only and ends
  /// with the error it comes from: `cannot connect to 127.0.0.1:8080: the connection was
  /// refused (connect: Connection refused (errno: 111))`.
  init(
    asyncHTTPClientError error: any Error, server: Server,
    taskIsCancelled: Bool
  ) {
    let kind: Kind
    let sentence: String
    switch error {
    case let error as TransportError:
      self.init(taskIsCancelled ? .cancelled : error.kind, error.message)
      return
    case let error as HTTPClientError:
      (kind, sentence) = Self.meaning(of: error, server)
    case let error as HTTPParserError where error == .headerOverflow:
      kind = .replyRefused
      sentence = "the header of the reply from \(server) is larger than the client accepts"
    case is HTTPParserError:
      kind = .other
      sentence = "the reply from \(server) is not valid HTTP"
    case let error as NIOConnectionError:
      let resolved = error.dnsAError == nil || error.dnsAAAAError == nil
      kind = resolved || !error.connectionErrors.isEmpty ? .cannotConnect : .dnsFailure
      sentence =
        kind == .dnsFailure
        ? "the host name \(error.host) could not be resolved"
        : "cannot connect to \(server)\(Self.refusal(error.connectionErrors.map(\.error)))"
    case let error as IOError:
      (kind, sentence) = Self.meaning(of: error.errnoCode, server)
    case let error as ChannelError where Self.isTimeout(error):
      kind = .timedOut
      sentence = "no connection to \(server) within the connect timeout"
    case let error as ChannelError where error == .eof || error == .ioOnClosedChannel:
      kind = .connectionLost
      sentence = "the connection to \(server) was lost"
    case is NIOSSLError, is BoringSSLError:
      kind = .tlsFailure
      sentence = "the secure connection to \(server) failed"
    case is CancellationError:
      kind = .cancelled
      sentence = "the request to \(server) was cancelled"
    default:
      kind = .other
      sentence = "the request to \(server) failed"
    }
    self.init(taskIsCancelled ? .cancelled : kind, "\(sentence) (\(Self.origin(of: error)))")
  }

  private static func meaning(
    of error: HTTPClientError, _ server: Server
  ) -> (Kind, String) {
    switch error {
    case .connectTimeout, .getConnectionFromPoolTimeout:
      (.timedOut, "no connection to \(server) within the connect timeout")
    case .readTimeout:
      (.timedOut, "no data from \(server) within the client's read timeout")
    case .writeTimeout:
      (.timedOut, "the request to \(server) could not be sent in time")
    case .tlsHandshakeTimeout:
      (.tlsFailure, "the secure connection to \(server) was not set up in time")
    case .remoteConnectionClosed:
      (.connectionLost, "the connection to \(server) was closed without a complete reply")
    case .cancelled, .requestStreamCancelled:
      (.cancelled, "the request to \(server) was cancelled")
    case .deadlineExceeded:
      (.timedOut, "the reply from \(server) was not complete by the deadline")
    case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
      (.invalidRequest, "the URL of the request to \(server) is malformed")
    case .bodyLengthMismatch:
      (.invalidRequest, "the body of the request to \(server) is not of its stated length")
    default:
      if "\(error)".hasPrefix("HTTPClientError.unsupportedScheme") {
        (.invalidRequest, "the URL of the request to \(server) is not supported")
      } else {
        (.other, "the request to \(server) failed")
      }
    }
  }

  private static func meaning(of code: Int32, _ server: Server) -> (Kind, String) {
    switch code {
    case ECONNREFUSED: (.cannotConnect, "cannot connect to \(server): the connection was refused")
    case EHOSTUNREACH, ENETUNREACH, ENETDOWN: (.cannotConnect, "cannot connect to \(server)")
    case ECONNRESET, EPIPE, ECONNABORTED: (.connectionLost, "the connection to \(server) was lost")
    case ETIMEDOUT: (.timedOut, "the connection to \(server) timed out")
    default: (.other, "the request to \(server) failed")
    }
  }

  /// `: the connection was refused` when every attempt to connect was refused.
  private static func refusal(_ errors: [any Error]) -> String {
    let refused = errors.allSatisfy { ($0 as? IOError)?.errnoCode == ECONNREFUSED }
    return !errors.isEmpty && refused ? ": the connection was refused" : ""
  }

  private static func isTimeout(_ error: ChannelError) -> Bool {
    if case .connectTimeout = error { return true }
    return false
  }

  /// The error's type and case, without anything of the request it may carry.
  private static func origin(of error: any Error) -> String {
    switch error {
    case let error as HTTPClientError: "\(error)"
    case let error as HTTPParserError where error == .headerOverflow:
      "HTTPParserError.headerOverflow"
    case let error as IOError: "errno \(error.errnoCode)"
    case let error as NIOConnectionError:
      error.connectionErrors.compactMap { ($0.error as? IOError).map { "errno \($0.errnoCode)" } }
        .first ?? "NIOConnectionError"
    case let error as ChannelError: "ChannelError.\(error)"
    default: "\(type(of: error))"
    }
  }
}
