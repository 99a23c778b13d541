import NIOCore
import Testing

@testable import CardServer

@Suite("The admin path's loopback decision")
struct LoopbackPolicyTests {
  @Test(arguments: ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
  func loopbackPeersAreAllowed(address: String) throws {
    let peer = try SocketAddress(ipAddress: address, port: 50000)
    #expect(LoopbackPolicy.allowsAdmin(from: peer))
  }

  @Test(arguments: [
    "10.0.0.2", "192.168.1.20", "0.0.0.0", "128.0.0.1", "::2", "fe80::1",
    "::ffff:10.0.0.1", "2001:db8::127",
  ])
  func everyOtherPeerIsRefused(address: String) throws {
    let peer = try SocketAddress(ipAddress: address, port: 50000)
    #expect(!LoopbackPolicy.allowsAdmin(from: peer))
  }

  @Test func anUnknownPeerIsRefused() {
    #expect(!LoopbackPolicy.allowsAdmin(from: nil))
  }
}
