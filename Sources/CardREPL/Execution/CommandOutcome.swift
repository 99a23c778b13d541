import CardDomain

/// What a command produced: data to show, or a failure.
public typealias CommandOutcome = Result<CommandOutput, CommandFailure>

/// The data of a command that succeeded.
public enum CommandOutput: Hashable, Sendable {
  /// `login`: the user now signed in.
  case signedIn(UserID)
  /// `logout`; with the path an unreadable session store was moved to, if it was.
  case signedOut(setAsideAt: String?)
  /// `whoami`.
  case currentUser(UserID)
  /// `cards`.
  case cards([Card])
  /// `card get`.
  case card(Card)
  /// `card create`.
  case created(Card)
  /// `cards order`: the list in its new order.
  case reordered([Card])
  /// `card delete`.
  case deleted(id: String)
  /// `log on|off`.
  case log(isEnabled: Bool)
  /// `sandbox …`: the command and the faults now injected.
  case sandbox(SandboxCommand, SandboxFaultSummary)
  /// `help`: the commands to explain, and whether to list them briefly.
  case help(HelpTopic)
  /// `exit` or `quit`.
  case exit
}

/// What `help` explains.
public enum HelpTopic: Hashable, Sendable {
  /// Every command, one line each.
  case overview
  /// These commands in detail, by name.
  case commands([String])
}
