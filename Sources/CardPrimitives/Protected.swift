import Synchronization

/// A value behind a `Mutex`, whose hand-offs between threads ThreadSanitizer can see. Use it
/// exactly as a `Mutex`.
///
/// On Linux, `Mutex` waits on a priority-inheritance futex, where the kernel hands the lock to
/// a waiter without an atomic operation that ThreadSanitizer sees, so it reports the value as
/// raced; an acquiring load and a releasing store around each critical section give it the
/// happens-before edge.
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
