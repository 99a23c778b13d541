import Synchronization

/// A value behind a `Mutex`, whose hand-offs between threads ThreadSanitizer can see.
///
/// On Linux, `Mutex` waits on a priority-inheritance futex: under contention the kernel hands
/// the lock to the waiter, and ThreadSanitizer, which sees no atomic operation on that path,
/// reports the value as raced (with Swift 6.3.1, on every run of four threads appending through
/// one `Mutex`). An acquiring load at the start of each critical section and a releasing store
/// at its end give ThreadSanitizer the happens-before edge the kernel hides, for two
/// uncontended atomic operations. Use it exactly as a `Mutex`.
public struct Protected<Value: ~Copyable>: ~Copyable {
  @usableFromInline let mutex: Mutex<Value>
  @usableFromInline let handOff = Atomic<Int>(0)

  public init(_ value: consuming sending Value) { mutex = Mutex(value) }

  // Public and inlinable so that a caller in another of our modules inlines it for its types:
  // Swift 6.3 does not make a `package` function's body available to other modules, and a call
  // of the generic version costs as much as the work in a short critical section. This target
  // is no product, so no other project sees it.
  @inlinable
  public borrowing func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Result in
      _ = handOff.load(ordering: .acquiring)
      defer { handOff.store(0, ordering: .releasing) }
      return try body(&value)
    }
  }
}

extension Protected: Sendable where Value: ~Copyable {}
