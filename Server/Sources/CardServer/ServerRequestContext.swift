import Hummingbird
import NIOCore

/// Hummingbird's per-request context with the connection kept: the admin path asks who is on
/// the other end, and an offline sandbox answers by closing it.
struct ServerRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = CoreRequestContextStorage(source: source)
    channel = source.channel
  }
}
