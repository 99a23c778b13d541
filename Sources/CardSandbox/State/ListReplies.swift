import CardPrimitives

/// Each user's last `GET /cards` reply, with the state's revision it was read at, so that a
/// list is encoded again only after the state changed (docs/performance.md says why). Sound
/// because every commit, in any process, moves the revision, and a list's reply depends on
/// its user's cards alone: the token is checked before the reply is looked up.
final class ListReplies: Sendable {
  /// More users than the seed's empties the cache rather than letting it grow.
  private static let capacity = 64
  private let replies = Protected<[String: (revision: Int, reply: SandboxResponse)]>([:])

  /// The reply kept for `userId` at `revision`, or else the one `make` returns, which is kept.
  func reply(
    for userId: String, at revision: Int,
    otherwise make: () throws(APIError) -> SandboxResponse
  ) throws(APIError) -> SandboxResponse {
    if let kept = replies.withLock({ $0[userId] }), kept.revision == revision {
      return kept.reply
    }
    let reply = try make()
    replies.withLock { replies in
      if replies.count >= Self.capacity { replies.removeAll() }
      replies[userId] = (revision, reply)
    }
    return reply
  }
}
