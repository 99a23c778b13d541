import CardTestingPrimitives

/// One named check of a port's contract, runnable against any implementation as one case of
/// a parameterized test; a broken contract throws a ``SpecFailure``, so specs need no test
/// framework. Run checks with a time limit: a call that never returns (a lock that ignores
/// cancellation) fails only then, naming the call that did not end.
public struct SpecCheck<Subject: Sendable>: Sendable, CustomStringConvertible {
  /// What the contract says, as a sentence: the check's name in test reports.
  public let description: String
  private let body: @Sendable (Subject) async throws -> Void

  init(_ description: String, _ body: @escaping @Sendable (Subject) async throws -> Void) {
    self.description = description
    self.body = body
  }

  /// Throws ``SpecFailure``, or whatever the subject itself threw.
  public func run(on subject: Subject) async throws { try await body(subject) }
}

/// What the spec expected and what happened instead, at the spec's line, such as
/// `CredentialStoreSpec.swift:42`.
public struct SpecFailure: Error, CustomStringConvertible {
  public let message: String
  public let location: String

  public var description: String { "\(location): \(message)" }
}

/// The value of a task a check started, or, when the check is cancelled first (its time
/// limit passed), a ``SpecFailure`` saying that `what` did not end: a call that never returns
/// fails the check instead of hanging it.
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

func expect(
  _ condition: Bool, _ message: @autoclosure () -> String,
  fileID: String = #fileID, line: Int = #line
) throws(SpecFailure) {
  guard !condition else { return }
  throw failure(message(), fileID: fileID, line: line)
}

func failure(_ message: String, fileID: String = #fileID, line: Int = #line) -> SpecFailure {
  let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
  return SpecFailure(message: message, location: "\(file):\(line)")
}

/// So a check can look at a typed error.
func outcome<Success, Failure: Error>(
  _ call: () async throws(Failure) -> Success
) async -> Result<Success, Failure> {
  do throws(Failure) {
    return .success(try await call())
  } catch {
    return .failure(error)
  }
}
