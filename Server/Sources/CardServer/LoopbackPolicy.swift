import NIOCore

/// Who may use the admin path: a peer on the loopback interface only, whatever address the
/// server binds. The peer's address is the connection's, not anything the request says, so a
/// `Host` or `X-Forwarded-For` header cannot open it.
enum LoopbackPolicy {
  /// `127.0.0.0/8`, `::1` and their IPv4-mapped form `::ffff:127.x.y.z`; a Unix domain
  /// socket is local too. An unknown peer is refused.
  static func allowsAdmin(from peer: SocketAddress?) -> Bool {
    guard let peer else { return false }
    switch peer {
    case .v4:
      return peer.ipAddress?.hasPrefix("127.") == true
    case .v6:
      guard let address = peer.ipAddress?.lowercased() else { return false }
      return address == "::1" || address.hasPrefix("::ffff:127.")
    case .unixDomainSocket:
      return true
    }
  }
}
