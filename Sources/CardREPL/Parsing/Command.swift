/// A command line the REPL understood, with its arguments as typed (values are validated
/// when the command runs, by the use cases and the draft builder).
public enum Command: Hashable, Sendable {
  /// `login <userId> <password>`.
  case login(userID: String, password: String)
  /// `logout`.
  case logout
  /// `whoami`.
  case whoami
  /// `cards`.
  case listCards
  /// `card get <cardId>`.
  case getCard(id: String)
  /// `card create key=value…`.
  case createCard(CardCreationArguments)
  /// `cards order <cardId>…`.
  case reorderCards(ids: [String])
  /// `card delete <cardId>`.
  case deleteCard(id: String)
  /// `log on|off`.
  case log(isEnabled: Bool)
  /// `sandbox …`.
  case sandbox(SandboxCommand)
  /// `help [command]`: `nil` for the list of commands.
  case help(topic: String?)
  /// `exit` or `quit`, under the name typed.
  case exit(name: String)

  /// The command's name in JSON output and in messages, such as `card get`.
  public var name: String {
    switch self {
    case .login: "login"
    case .logout: "logout"
    case .whoami: "whoami"
    case .listCards: "cards"
    case .getCard: "card get"
    case .createCard: "card create"
    case .reorderCards: "cards order"
    case .deleteCard: "card delete"
    case .log: "log"
    case .sandbox(let command): command.name
    case .help: "help"
    case .exit(let name): name
    }
  }
}

/// A `sandbox …` subcommand.
public enum SandboxCommand: Hashable, Sendable {
  /// `sandbox expire-token`.
  case expireToken
  /// `sandbox revoke-refresh`.
  case revokeRefresh
  /// `sandbox fail <status> [count]`.
  case fail(status: Int, count: Int)
  /// `sandbox offline on|off`.
  case offline(Bool)
  /// `sandbox latency <ms>`.
  case latency(milliseconds: Int)
  /// `sandbox reset`.
  case reset

  /// The command's name, such as `sandbox fail`.
  public var name: String {
    switch self {
    case .expireToken: "sandbox expire-token"
    case .revokeRefresh: "sandbox revoke-refresh"
    case .fail: "sandbox fail"
    case .offline: "sandbox offline"
    case .latency: "sandbox latency"
    case .reset: "sandbox reset"
    }
  }
}
