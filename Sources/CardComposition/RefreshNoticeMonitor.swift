import CardData
import CardREPL

/// Posts ``CardREPL/SessionNote/accessTokenRefreshed`` when a token refresh succeeds, so
/// that the REPL can say that a transparent refresh happened.
struct RefreshNoticeMonitor: EventMonitor {
  /// The refresh endpoint's name, as the pipeline reports it.
  private static let refreshEndpoint = AuthService.refresh(refreshToken: "").name

  let board: NoteBoard

  func requestFinished(_ metrics: RequestMetrics) {
    guard metrics.context.endpointName == Self.refreshEndpoint,
      case .response(let status) = metrics.outcome, (200..<300).contains(status)
    else { return }
    board.post(.accessTokenRefreshed)
  }
}
