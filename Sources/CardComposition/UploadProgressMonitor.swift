import CardData
import CardREPL

/// Hands the transport's upload progress to the REPL's bar: the REPL's port is all it knows of
/// the REPL, and the bar's report returns at once, as the transport's thread needs.
struct UploadProgressMonitor: EventMonitor {
  let bar: UploadProgressBar

  func uploadProgressed(_ sent: Int64, of total: Int64, context: RequestContext) {
    bar.report(sent: sent, of: total)
  }
}
