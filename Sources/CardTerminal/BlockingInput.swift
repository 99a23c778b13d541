import Dispatch

/// Runs blocking reads of standard input on a thread of their own, so that they never hold
/// one of the few threads that run Swift tasks.
enum BlockingInput {
  private static let queue = DispatchQueue(label: "card-repl.input")

  static func run<Value: Sendable>(_ read: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: read()) }
    }
  }
}
