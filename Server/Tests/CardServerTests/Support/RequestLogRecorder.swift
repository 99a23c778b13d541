import Foundation

/// Keeps a live server's request log, for tests that count requests as the server saw them.
///
/// The server writes a request's line before it answers, so once a client has its answer the
/// line is in the log's stream; ``settle()`` waits until the recorder has read that far, by
/// sending a request of its own and waiting for its line.
actor RequestLogRecorder {
  private let server: LiveServer
  private var lines: [String] = []
  /// The `POST /auth/refresh` lines so far, counted as they arrive: a test that loops until
  /// a number of refreshes asks often, while the log grows by thousands of lines.
  private(set) var refreshes = 0
  private var waiters: [Int: Waiter] = [:]
  private var nextWaiter = 0
  private var reader: Task<Void, Never>?

  init(_ server: LiveServer) {
    self.server = server
  }

  /// Starts reading the server's log; call it once, before the requests it is to count.
  func start() {
    let log = server.log
    reader = Task {
      for await line in log {
        self.append(line)
      }
    }
  }

  private func append(_ line: String) {
    lines.append(line)
    if line.hasPrefix("POST /auth/refresh ") { refreshes += 1 }
    for (id, waiter) in waiters where waiter.predicate(lines) {
      waiters[id] = nil
      waiter.wake.resume()
    }
  }

  private struct Waiter {
    let predicate: @Sendable ([String]) -> Bool
    let wake: CheckedContinuation<Void, Never>
  }

  /// Returns once `predicate` holds for the lines read so far.
  func wait(until predicate: @escaping @Sendable ([String]) -> Bool) async {
    if predicate(lines) { return }
    await withCheckedContinuation { continuation in
      waiters[nextWaiter] = Waiter(predicate: predicate, wake: continuation)
      nextWaiter += 1
    }
  }

  /// Every line of the requests answered before this call, and those since.
  func settle() async throws -> [String] {
    let before = lines.count
    let marker = try await HTTPExchange.send(
      "GET", server.url.appendingPathComponent("_sandbox/faults"))
    guard marker.status == 200 else { throw MarkerRefused(status: marker.status) }
    await wait { lines in lines.dropFirst(before).contains { $0.hasPrefix("GET /_sandbox/faults ") }
    }
    return lines.filter { !$0.hasPrefix("GET /_sandbox/faults ") }
  }

  struct MarkerRefused: Error {
    let status: Int
  }

  /// Stops reading; a test calls it before it stops the server.
  func stop() {
    reader?.cancel()
  }
}
