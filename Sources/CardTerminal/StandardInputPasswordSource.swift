import CardREPL

/// The password of a script's `login <userId>`: the next line of standard input, as
/// `card-repl --password-stdin` asks. Nothing is printed.
package struct StandardInputPasswordSource: PasswordSource {
  package init() {}

  package func password(prompt: String) async throws(CommandFailure) -> String {
    guard let line = await BlockingInput.run({ readLine(strippingNewline: true) }) else {
      throw CommandFailure(.invalid, "no password on standard input")
    }
    return line
  }
}
