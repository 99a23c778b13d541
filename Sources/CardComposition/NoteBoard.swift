import CardPrimitives
import CardREPL

/// Collects the notes that monitors post during a command, for the REPL to print after it.
final class NoteBoard: SessionNotes {
  private let notes = Protected<[SessionNote]>([])

  func post(_ note: SessionNote) { notes.withLock { $0.append(note) } }

  func takeNotes() -> [SessionNote] {
    notes.withLock { notes in
      defer { notes.removeAll() }
      return notes
    }
  }
}
