/// A key press at the prompt, decoded from the terminal's bytes by ``KeyDecoder``.
public enum Key: Hashable, Sendable {
  /// A printable character.
  case character(Character)
  /// Return or Enter.
  case enter
  /// Backspace: delete the character before the cursor.
  case backspace
  /// Delete: the character under the cursor.
  case delete
  /// Left arrow or Ctrl-B.
  case left
  /// Right arrow or Ctrl-F.
  case right
  /// Up arrow or Ctrl-P: the previous history entry.
  case up
  /// Down arrow or Ctrl-N: the next history entry.
  case down
  /// Home or Ctrl-A.
  case home
  /// End or Ctrl-E.
  case end
  /// Ctrl-U: delete from the start of the line to the cursor.
  case deleteToStart
  /// Ctrl-K: delete from the cursor to the end of the line.
  case deleteToEnd
  /// Ctrl-C.
  case interrupt
  /// Ctrl-D: the end of input on an empty line, else delete.
  case endOfInput
}
