import Benchmark
import CardData
import CardDomain
import CardInfrastructure
import CardReplies
import Foundation

/// Instructions and allocations per call, which stay put on a busy machine where times do not:
/// a call through the whole client as an app builds it (`CardAPI`, the Bearer token from the
/// encrypted file store, the middleware chain, judging and mapping the reply) over a transport
/// that answers at once, for one card and for the 100-card list; and the credential store's
/// `load`, which every such call makes.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.instructions, .mallocCountTotal], maxDuration: .seconds(2))

  Benchmark("CardAPI: one card") { benchmark, api in
    let id = try CardID("c1")
    for _ in benchmark.scaledIterations {
      blackHole(try await api.cards.card(id: id))
    }
  } setup: {
    try await SessionDirectory.shared.api(answering: Replies.card)
  }

  Benchmark("CardAPI: 100-card list") { benchmark, api in
    for _ in benchmark.scaledIterations {
      blackHole(try await api.cards.cards())
    }
  } setup: {
    try await SessionDirectory.shared.api(answering: Replies.list)
  }

  Benchmark("EncryptedFileCredentialStore: load") { benchmark, store in
    for _ in benchmark.scaledIterations {
      blackHole(try await store.load())
    }
  } setup: {
    try await SessionDirectory.shared.signedInStore()
  }

  Benchmark.teardown = { SessionDirectory.shared.remove() }
}
