import Foundation
import Testing

@testable import CardServer

/// The idle timeout and the cap on connections that keep idle peers from exhausting the
/// server's descriptors (docs/reference-server.md). Each live test waits for the server to
/// close the connection, never for a time; the short timeout only makes that come soon.
@Suite("Connection limits")
struct ConnectionLimitsTests {
  private static let shortTimeout = ConnectionLimits(
    idleTimeout: .milliseconds(200), maximumConnections: 100)

  @Test func connectionsGetAtMostHalfTheDescriptorsAtLeastOneAtMost1000() {
    #expect(ConnectionLimits.standard(descriptorLimit: 1024).maximumConnections == 512)
    #expect(ConnectionLimits.standard(descriptorLimit: 20_000).maximumConnections == 1000)
    #expect(ConnectionLimits.standard(descriptorLimit: 1).maximumConnections == 1)
    #expect(ConnectionLimits.standard(descriptorLimit: .max).maximumConnections == 1000)
    #expect(ConnectionLimits.standard(descriptorLimit: 1024).idleTimeout == .seconds(10))
  }

  @Test func aConnectionThatSendsNothingIsClosedByTheServer() async throws {
    try await LiveServer.with(limits: Self.shortTimeout) { server in
      let port = try #require(server.url.port)
      try await RawConnection.onThread {
        try RawConnection(port: port).readUntilClosed()
      }
    }
  }

  @Test func aConnectionThatNeverFinishesItsRequestHeadIsClosedByTheServer() async throws {
    try await LiveServer.with(limits: Self.shortTimeout) { server in
      let port = try #require(server.url.port)
      try await RawConnection.onThread {
        let connection = try RawConnection(port: port)
        try connection.write(Data("GET /cards HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept:".utf8))
        try connection.readUntilClosed()
      }
    }
  }

  @Test func aKeptAliveConnectionIdleAfterItsAnswerIsClosedByTheServer() async throws {
    try await LiveServer.with(limits: Self.shortTimeout) { server in
      let port = try #require(server.url.port)
      let statusLine = try await RawConnection.onThread {
        let connection = try RawConnection(port: port)
        try connection.write(Data("GET /cards HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        let statusLine = try connection.readStatusLine()
        try connection.readUntilClosed()
        return statusLine
      }
      #expect(statusLine.hasPrefix("HTTP/1.1 401 "))
    }
  }
}
