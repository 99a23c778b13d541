import Synchronization

/// A value behind a `Mutex`, whose hand-offs between threads ThreadSanitizer can see. Use it
/// exactly as a `Mutex`.
///
/// On Linux, `Mutex` waits on a priority-inheritance futex, where the kernel hands the lock to
/// a waiter without an atomic operation that ThreadSanitizer sees, so it reports the value as
/// raced; an acquiring load and a releasing store around each critical section give it the
/// happens-before edge.
package struct Protected<Value: ~Copyable>: ~Copyable {
  @usableFromInline let mutex: Mutex<Value>
  @usableFromInline let handOff = Atomic<Int>(0)

  package init(_ value: consuming sending Value) { mutex = Mutex(value) }

  // Inlinable, so that a caller in another module gets it specialized for its types.
  @inlinable
  package borrowing func withLock<Result: ~Copyable, Failure: Error>(
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
