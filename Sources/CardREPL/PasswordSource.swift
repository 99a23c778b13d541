/// Where `login <userId>` gets the password that was left out: the terminal, without echo,
/// or standard input for a script (`--password-stdin`). Without one, such a login fails.
package protocol PasswordSource: Sendable {
  /// Fails as ``CommandFailure/cancelled`` on Ctrl-C, and as `invalid` when the input ends
  /// before a password.
  func password(prompt: String) async throws(CommandFailure) -> String
}
