import Foundation

/// A value shared between threads, read and changed only under a lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// Polls `condition` every 10 ms until it holds, failing after `timeout`.
func eventually(
  within timeout: Duration = .seconds(5),
  _ what: String,
  _ condition: () -> Bool
) async throws {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    guard ContinuousClock.now < deadline else { throw WaitTimeout(what: what) }
    try await Task.sleep(for: .milliseconds(10))
  }
}

/// A condition that did not come true in time.
struct WaitTimeout: Error, CustomStringConvertible {
  var what: String
  var description: String { "timed out waiting for \(what)" }
}
