import CardPrimitives
import CardREPL

/// Answers every password request with `answer`, and counts the requests.
package final class FakePasswordSource: PasswordSource {
  private let answer: Result<String, CommandFailure>
  private let prompts = Protected<[String]>([])

  package init(_ answer: Result<String, CommandFailure>) { self.answer = answer }

  package var promptsShown: [String] { prompts.withLock { $0 } }

  package func password(prompt: String) async throws(CommandFailure) -> String {
    prompts.withLock { $0.append(prompt) }
    return try answer.get()
  }
}
