/// A command line the REPL understood, with its arguments as typed: values are validated when
/// the command runs, by the use cases and the draft building. Its full name (`card get`) is
/// its entry's in ``CommandTable``, which ``CommandParser`` returns with it.
package enum Command: Hashable, Sendable {
  /// `password` is `nil` when it was left out, to be asked for.
  case login(userID: String, password: String?)
  case logout, whoami
  /// `short`: one line per card (`cards --short`).
  case listCards(short: Bool)
  case getCard(id: String)
  case createCard(CardCreationArguments)
  case reorderCards(ids: [String])
  case deleteCard(id: String)
  case log(isEnabled: Bool)
  case sandbox(SandboxCommand)
  /// `nil` asks for the list of commands.
  case help(topic: String?)
  case exit
}
