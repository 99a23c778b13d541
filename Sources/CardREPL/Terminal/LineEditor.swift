/// The state of the line being typed at the prompt, with the session's history: a pure
/// value that ``handle(_:)`` changes key by key, so that it is tested without a terminal.
public struct LineEditor: Sendable {
  /// What a key did.
  public enum Action: Hashable, Sendable {
    /// The line or the cursor changed (or may have): redraw.
    case redraw
    /// Enter: the line is done. It was added to the history unless blank or a repeat.
    case submit(String)
    /// Ctrl-D on an empty line.
    case endOfInput
    /// Ctrl-C: the line is dropped.
    case interrupt
  }

  /// The characters of the line.
  public private(set) var buffer: [Character] = []
  /// The cursor's position in ``buffer``, 0...buffer.count.
  public private(set) var cursor = 0
  /// The lines entered so far, oldest first.
  public private(set) var history: [String]

  /// The history entry shown, or `nil` while editing a new line.
  private var historyIndex: Int?
  /// The new line being typed, kept while browsing the history.
  private var draft: [Character] = []

  /// An editor with an empty line and `history`.
  public init(history: [String] = []) { self.history = history }

  /// The line as text.
  public var line: String { String(buffer) }

  /// Applies one key.
  public mutating func handle(_ key: Key) -> Action {
    switch key {
    case .character(let character):
      buffer.insert(character, at: cursor)
      cursor += 1
    case .backspace:
      guard cursor > 0 else { return .redraw }
      cursor -= 1
      buffer.remove(at: cursor)
    case .delete:
      if cursor < buffer.count { buffer.remove(at: cursor) }
    case .endOfInput:
      if buffer.isEmpty { return .endOfInput }
      if cursor < buffer.count { buffer.remove(at: cursor) }
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(buffer.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = buffer.count
    case .deleteToStart:
      buffer.removeFirst(cursor)
      cursor = 0
    case .deleteToEnd: buffer.removeLast(buffer.count - cursor)
    case .up: showHistory(at: (historyIndex ?? history.count) - 1)
    case .down: showHistory(at: (historyIndex ?? history.count) + 1)
    case .interrupt:
      startNewLine()
      return .interrupt
    case .enter:
      let submitted = line
      remember(submitted)
      startNewLine()
      return .submit(submitted)
    }
    return .redraw
  }

  /// Shows history entry `index`; past the newest entry, the new line typed before.
  private mutating func showHistory(at index: Int) {
    guard index >= 0 else { return }
    if historyIndex == nil {
      guard index < history.count else { return }
      draft = buffer
    }
    if index >= history.count {
      historyIndex = nil
      buffer = draft
    } else {
      historyIndex = index
      buffer = Array(history[index])
    }
    cursor = buffer.count
  }

  private mutating func remember(_ submitted: String) {
    guard submitted.contains(where: { !$0.isWhitespace }), history.last != submitted else {
      return
    }
    history.append(submitted)
  }

  private mutating func startNewLine() {
    buffer = []
    cursor = 0
    historyIndex = nil
    draft = []
  }
}
