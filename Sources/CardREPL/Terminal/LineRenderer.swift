/// Redraws the prompt and the line being edited, wrapped over as many rows as the terminal
/// needs, and puts the cursor where it belongs.
///
/// It remembers the cursor's row (counted from the prompt's row) between redraws, so that
/// it can go back up to the prompt before drawing again.
public struct LineRenderer: Sendable {
  /// The terminal's width in columns.
  public var columns: Int
  /// The cursor's row after the last redraw, from the prompt's row.
  public private(set) var cursorRow = 0

  /// A renderer for a terminal `columns` wide, at the start of a prompt.
  public init(columns: Int) { self.columns = max(columns, 1) }

  /// The bytes that draw `prompt` and `buffer` with the cursor at `cursor`.
  public mutating func redraw(prompt: String, buffer: [Character], cursor: Int) -> String {
    var output = cursorRow > 0 ? "\u{1B}[\(cursorRow)A" : ""
    output += "\r\u{1B}[J" + prompt + String(buffer)
    let total = DisplayWidth.of(prompt) + DisplayWidth.of(buffer)
    if total > 0 && total % columns == 0 {
      // The terminal waits at the last column; move to the next row as the count assumes.
      output += "\r\n"
    }
    let endRow = total / columns
    let position = DisplayWidth.of(prompt) + DisplayWidth.of(buffer[..<cursor])
    let (row, column) = (position / columns, position % columns)
    if endRow > row { output += "\u{1B}[\(endRow - row)A" }
    output += "\r"
    if column > 0 { output += "\u{1B}[\(column)C" }
    cursorRow = row
    return output
  }

  /// The bytes that leave the line: the cursor goes below its last row; the next redraw
  /// starts a new prompt.
  public mutating func finish(prompt: String, buffer: [Character]) -> String {
    var output = redraw(prompt: prompt, buffer: buffer, cursor: buffer.count)
    let total = DisplayWidth.of(prompt) + DisplayWidth.of(buffer)
    if total == 0 || total % columns != 0 { output += "\r\n" }
    cursorRow = 0
    return output
  }
}
