import CardDomain

/// Everything the REPL's commands act on: the use cases and the REPL's own ports. The
/// composition root fills it with the real graph; tests fill it with fakes.
public struct REPLServices: Sendable {
  /// `login`.
  public var signIn: SignInUseCase
  /// `logout`.
  public var signOut: SignOutUseCase
  /// `whoami` and the prompt.
  public var currentUser: CurrentUserUseCase
  /// `cards`.
  public var listCards: ListCardsUseCase
  /// `card get`.
  public var fetchCard: FetchCardDetailUseCase
  /// `card create`.
  public var createCard: CreateCardUseCase
  /// `cards order`.
  public var reorderCards: ReorderCardsUseCase
  /// `card delete`.
  public var deleteCard: DeleteCardUseCase
  /// The `sandbox …` commands; `nil` with a server backend.
  public var sandbox: (any SandboxControlling)?
  /// `log on|off`.
  public var requestLog: any RequestLogSwitch
  /// Notes printed after each command.
  public var notes: any SessionNotes
  /// What `logout` does with a session store that cannot be read.
  public var sessionRecovery: any SessionRecovery
  /// The backend's name in the prompt, such as `sandbox` or `api.example.com`.
  public var backendName: String

  /// Bundles the services.
  public init(
    signIn: SignInUseCase,
    signOut: SignOutUseCase,
    currentUser: CurrentUserUseCase,
    listCards: ListCardsUseCase,
    fetchCard: FetchCardDetailUseCase,
    createCard: CreateCardUseCase,
    reorderCards: ReorderCardsUseCase,
    deleteCard: DeleteCardUseCase,
    sandbox: (any SandboxControlling)?,
    requestLog: any RequestLogSwitch,
    notes: any SessionNotes,
    sessionRecovery: any SessionRecovery,
    backendName: String
  ) {
    self.signIn = signIn
    self.signOut = signOut
    self.currentUser = currentUser
    self.listCards = listCards
    self.fetchCard = fetchCard
    self.createCard = createCard
    self.reorderCards = reorderCards
    self.deleteCard = deleteCard
    self.sandbox = sandbox
    self.requestLog = requestLog
    self.notes = notes
    self.sessionRecovery = sessionRecovery
    self.backendName = backendName
  }

  /// The services over one card repository and one auth repository.
  public init(
    cards: any CardRepository,
    auth: any AuthRepository,
    sandbox: (any SandboxControlling)?,
    requestLog: any RequestLogSwitch,
    notes: any SessionNotes,
    sessionRecovery: any SessionRecovery,
    backendName: String
  ) {
    self.init(
      signIn: SignInUseCase(repository: auth),
      signOut: SignOutUseCase(repository: auth),
      currentUser: CurrentUserUseCase(repository: auth),
      listCards: ListCardsUseCase(repository: cards),
      fetchCard: FetchCardDetailUseCase(repository: cards),
      createCard: CreateCardUseCase(repository: cards),
      reorderCards: ReorderCardsUseCase(repository: cards),
      deleteCard: DeleteCardUseCase(repository: cards),
      sandbox: sandbox,
      requestLog: requestLog,
      notes: notes,
      sessionRecovery: sessionRecovery,
      backendName: backendName)
  }
}
