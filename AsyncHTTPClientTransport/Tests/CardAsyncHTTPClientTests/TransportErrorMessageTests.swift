import CardData
import Foundation
import NIOCore
import NIOHTTP1
import Testing

@testable import CardAsyncHTTPClient

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The cause at the end of a message is the library's own: what `HostileServerSpec` leaves to
/// each transport to say, here for the failures it provokes through the real transport.
@Suite("AsyncHTTPClientTransport's errors name their cause")
struct TransportErrorMessageTests {
  private static let server = Server(URL(string: "http://127.0.0.1:9/cards?token=s3cr3t")!)

  @Test func aHeaderTooLargeForSwiftNIOIsAReplyRefused() {
    let error = TransportError(
      asyncHTTPClientError: HTTPParserError.headerOverflow, server: Self.server,
      taskIsCancelled: false)

    #expect(error.kind == .replyRefused)
    #expect(
      error.message
        == "the header of the reply from 127.0.0.1:9 is larger than the client accepts"
        + " (HTTPParserError.headerOverflow)")
  }

  @Test func aRefusedConnectionSaysSo() {
    let error = TransportError(
      asyncHTTPClientError: IOError(errnoCode: ECONNREFUSED, reason: "connect"),
      server: Self.server, taskIsCancelled: false)

    #expect(error.kind == .cannotConnect)
    #expect(
      error.message
        == "cannot connect to 127.0.0.1:9: the connection was refused (errno \(ECONNREFUSED))")
  }
}
