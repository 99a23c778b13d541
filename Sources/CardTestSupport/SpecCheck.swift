/// One named check of a port's contract, runnable against any implementation.
///
/// A spec (``CredentialStoreSpec``, ``HTTPTransportSpec``) is a list of checks; a test runs
/// every check against its implementation with one parameterized test, so each check
/// passes or fails under its own name:
///
/// ```swift
/// @Test(arguments: CredentialStoreSpec.checks)
/// func myStore(_ check: CredentialStoreSpec.Check) async throws {
///   try await check.run(on: .init(open: { … }, corrupt: { … }))
/// }
/// ```
///
/// A check reports a broken contract by throwing a ``SpecFailure`` that says what was
/// expected and where in the spec, so specs need no test framework and run under Swift
/// Testing and XCTest alike.
///
/// Run the checks with a time limit, such as Swift Testing's `.timeLimit(.minutes(1))`: a
/// check never sleeps or guesses how long anything takes, so a call that never returns (a
/// lock that ignores cancellation) can only be caught by it; the check then fails, naming the
/// call that did not end.
public struct SpecCheck<Subject: Sendable>: Sendable, CustomStringConvertible {
  /// What the contract says, as a sentence: the check's name in test reports.
  public let description: String
  private let body: @Sendable (Subject) async throws -> Void

  init(_ description: String, _ body: @escaping @Sendable (Subject) async throws -> Void) {
    self.description = description
    self.body = body
  }

  /// Runs the check; throws ``SpecFailure`` when the implementation breaks the contract, or
  /// whatever the subject itself threw.
  public func run(on subject: Subject) async throws { try await body(subject) }
}

/// A broken contract: what the spec expected, and the spec's line that expected it.
public struct SpecFailure: Error, CustomStringConvertible {
  /// What was expected and what happened instead.
  public let message: String
  /// The spec's file and line, such as `CredentialStoreSpec.swift:42`.
  public let location: String

  /// `location: message`.
  public var description: String { "\(location): \(message)" }
}

/// The value of a task a check started, or a ``SpecFailure`` saying that `what` did not end
/// when the check is cancelled first (its time limit passed): a call that never returns fails
/// the check instead of hanging it. The task is cancelled then.
func value<Value: Sendable>(
  of task: Task<Value, Never>, _ what: @autoclosure () -> String,
  fileID: String = #fileID, line: Int = #line
) async throws(SpecFailure) -> Value {
  let ended = Tally()
  let watcher = Task {
    _ = await task.value
    ended.increment()
  }
  do {
    try await ended.wait(forAtLeast: 1)
  } catch {
    task.cancel()
    watcher.cancel()
    throw failure("\(what()) did not end", fileID: fileID, line: line)
  }
  return await task.value
}

/// Throws a ``SpecFailure`` with `message` unless `condition` holds.
func expect(
  _ condition: Bool, _ message: @autoclosure () -> String,
  fileID: String = #fileID, line: Int = #line
) throws(SpecFailure) {
  guard !condition else { return }
  throw failure(message(), fileID: fileID, line: line)
}

/// A ``SpecFailure`` located at the caller's line.
func failure(_ message: String, fileID: String = #fileID, line: Int = #line) -> SpecFailure {
  let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
  return SpecFailure(message: message, location: "\(file):\(line)")
}

/// The call's outcome as a `Result`, so a check can look at a typed error.
func outcome<Success, Failure: Error>(
  _ call: () async throws(Failure) -> Success
) async -> Result<Success, Failure> {
  do throws(Failure) {
    return .success(try await call())
  } catch {
    return .failure(error)
  }
}
