import CardData
import CardREPL
import CardSandbox

/// Posts ``CardREPL/SessionNote/accessTokenRefreshed`` when a token refresh succeeds.
struct RefreshNoticeMonitor: EventMonitor {
  let notes: SessionNotes

  func requestFinished(_ metrics: RequestMetrics) {
    // `refresh` is the contract's name of the operation, which endpoints report as theirs.
    guard metrics.context.endpointName == "refresh",
      case .response(let status) = metrics.outcome, (200..<300).contains(status)
    else { return }
    notes.post(.accessTokenRefreshed)
  }
}
