import CardDomain

/// The failures a spy was told to throw per operation: one-off failures for the next calls,
/// in order, then a standing failure for every later call.
struct FailureScript<Operation: Hashable> {
  private var next: [Operation: [CardError]] = [:]
  private var standing: [Operation: CardError] = [:]

  mutating func failNext(_ operation: Operation, with failure: CardError) {
    next[operation, default: []].append(failure)
  }

  mutating func setFailure(_ failure: CardError?, for operations: some Sequence<Operation>) {
    for operation in operations { standing[operation] = failure }
  }

  /// A one-off failure is used up.
  mutating func failure(for operation: Operation) -> CardError? {
    if var queued = next[operation], !queued.isEmpty {
      let failure = queued.removeFirst()
      next[operation] = queued
      return failure
    }
    return standing[operation]
  }
}
