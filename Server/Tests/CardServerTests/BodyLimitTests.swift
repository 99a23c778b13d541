import NIOCore
import Testing

@testable import CardServer

@Suite("The body limit", .timeLimit(.minutes(1)))
struct BodyLimitTests {
  /// An endless body that counts the chunks taken from it.
  struct EndlessBody: AsyncSequence {
    typealias Element = ByteBuffer
    let chunkSize: Int
    let taken: Tally

    struct AsyncIterator: AsyncIteratorProtocol {
      let chunkSize: Int
      let taken: Tally
      mutating func next() async -> ByteBuffer? {
        await taken.increment()
        return ByteBuffer(repeating: 0x61, count: chunkSize)
      }
    }

    func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(chunkSize: chunkSize, taken: taken)
    }
  }

  actor Tally {
    private(set) var count = 0
    func increment() { count += 1 }
  }

  @Test func anEndlessBodyIsRefusedAtTheFirstChunkPastTheLimitNoLater() async throws {
    let taken = Tally()
    let limit = BodyLimit(byteCount: 10 * 1024)
    await #expect(throws: BodyTooLarge(limit: limit)) {
      _ = try await limit.collect(EndlessBody(chunkSize: 1024, taken: taken), contentLength: nil)
    }
    #expect(await taken.count == 11)
  }

  @Test func aContentLengthPastTheLimitIsRefusedBeforeAChunkIsRead() async throws {
    let taken = Tally()
    let limit = BodyLimit(byteCount: 10 * 1024)
    await #expect(throws: BodyTooLarge(limit: limit)) {
      _ = try await limit.collect(
        EndlessBody(chunkSize: 1024, taken: taken), contentLength: 10 * 1024 + 1)
    }
    #expect(await taken.count == 0)
  }

  @Test func aBodyOfExactlyTheLimitIsCollectedWhole() async throws {
    let limit = BodyLimit(byteCount: 4)
    let chunks = [ByteBuffer(string: "ab"), ByteBuffer(string: "cd")]
    let body = AsyncStream { continuation in
      for chunk in chunks { continuation.yield(chunk) }
      continuation.finish()
    }
    let collected = try await limit.collect(body, contentLength: 4)
    #expect(collected == ByteBuffer(string: "abcd"))
  }

  @Test func postCardMayCarryAnImageOf10MiBAndItsFormAnythingElse1MiB() {
    #expect(BodyLimit.of(method: "POST", path: "/card") == .cardCreation)
    #expect(BodyLimit.of(method: "POST", path: "/card?x=1") == .cardCreation)
    #expect(BodyLimit.cardCreation.byteCount > 10 * 1024 * 1024)
    #expect(BodyLimit.of(method: "PUT", path: "/cards") == .other)
    #expect(BodyLimit.of(method: "POST", path: "/auth/login") == .other)
  }

  @Test func theRefusalSpeaksOfAnImageOnlyWhereARequestCarriesOne() {
    #expect(
      BodyLimit.cardCreation.refusal
        == "the request body is over 11 MiB; an image may be at most 10 MiB")
    #expect(BodyLimit.other.refusal == "the request body is over 1 MiB")
  }
}
