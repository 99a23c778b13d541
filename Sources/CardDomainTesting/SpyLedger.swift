import CardDomain
import CardPrimitives

/// A spy's calls, its own state and the failures it was told to throw, under one lock. Per
/// operation, one-off failures answer the next calls in order, then a standing failure every
/// later call.
final class SpyLedger<Call: Hashable & Sendable, Operation: Hashable & Sendable, State>: Sendable {
  private struct Entry {
    var calls: [Call] = []
    var state: State
    var next: [Operation: [CardError]] = [:]
    var standing: [Operation: CardError] = [:]
  }

  private let entry: Protected<Entry>
  private let operation: @Sendable (Call) -> Operation

  init(_ state: sending State, operation: @escaping @Sendable (Call) -> Operation) {
    entry = Protected(Entry(state: state))
    self.operation = operation
  }

  var calls: [Call] { entry.withLock { $0.calls } }

  func read<Value: Sendable>(_ body: (State) -> Value) -> Value {
    entry.withLock { body($0.state) }
  }

  func update(_ body: (inout State) -> Void) { entry.withLock { body(&$0.state) } }

  func failNext(_ operation: Operation, with failure: CardError) {
    entry.withLock { $0.next[operation, default: []].append(failure) }
  }

  func setFailure(_ failure: CardError?, for operations: some Sequence<Operation>) {
    entry.withLock { entry in
      for operation in operations { entry.standing[operation] = failure }
    }
  }

  /// Records `call`, throws its scripted failure if any, else answers from the state.
  func perform<Answer: Sendable>(
    _ call: Call, _ answer: (inout State) throws(CardError) -> Answer
  ) throws(CardError) -> Answer {
    let operation = operation(call)
    return try entry.withLock { (entry) throws(CardError) -> Answer in
      entry.calls.append(call)
      if let failure = entry.next[operation]?.first {
        entry.next[operation]?.removeFirst()
        throw failure
      }
      if let failure = entry.standing[operation] { throw failure }
      return try answer(&entry.state)
    }
  }
}
