import Synchronization

/// A `Mutex` whose hand-offs between threads ThreadSanitizer can see: on Linux, `Mutex` waits
/// on a priority-inheritance futex, where the kernel hands the lock over without an atomic
/// operation TSan sees; an acquiring load and a releasing store give it the edge.
public struct Protected<Value: ~Copyable>: ~Copyable {
  @usableFromInline let mutex: Mutex<Value>
  @usableFromInline let handOff = Atomic<Int>(0)

  public init(_ value: consuming sending Value) { mutex = Mutex(value) }

  // Public and inlinable: Swift 6.3 inlines no `package` body across modules, and a generic
  // call costs as much as a short critical section. This target is no product.
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
