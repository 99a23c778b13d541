/// A command line the REPL understood, with its arguments as typed: values are validated when
/// the command runs, by the use cases and the draft building.
package enum Command: Hashable, Sendable {
  case login(userID: String, password: String)
  case logout, whoami, listCards
  case getCard(id: String)
  case createCard(CardCreationArguments)
  case reorderCards(ids: [String])
  case deleteCard(id: String)
  case log(isEnabled: Bool)
  case sandbox(SandboxCommand)
  /// `nil` asks for the list of commands.
  case help(topic: String?)
  /// `exit` or `quit`, whichever was typed, so that JSON output names it.
  case exit(name: String)

  /// The full name that JSON output and messages show, such as `card get`.
  package var name: String {
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

package enum SandboxCommand: Hashable, Sendable {
  case expireToken, revokeRefresh, reset
  case fail(status: Int, count: Int)
  case offline(Bool)
  case latency(milliseconds: Int)

  package var name: String {
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

/// The `key=value` arguments of `card create`, as typed. Empty values of optional keys are
/// left out; `tmi` may be given several times, in order.
package struct CardCreationArguments: Hashable, Sendable {
  /// In the order help lists them.
  static let keys = [
    "name", "title", "birthday", "mbti", "instagram", "link", "description", "defaultImage",
    "tmi", "image",
  ]

  package var name: String
  package var title: String?
  package var birthday: String?
  package var mbti: String?
  package var instagram: String?
  package var link: String?
  package var description: String?
  package var defaultImage: Int?
  package var tmis: [String]
  package var imagePath: String?

  package init(
    name: String, title: String? = nil, birthday: String? = nil, mbti: String? = nil,
    instagram: String? = nil, link: String? = nil, description: String? = nil,
    defaultImage: Int? = nil, tmis: [String] = [], imagePath: String? = nil
  ) {
    self.name = name
    self.title = title
    self.birthday = birthday
    self.mbti = mbti
    self.instagram = instagram
    self.link = link
    self.description = description
    self.defaultImage = defaultImage
    self.tmis = tmis
    self.imagePath = imagePath
  }
}
