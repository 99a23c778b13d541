import CardPrimitives
import Dispatch
import Foundation

/// The progress bar of a command's upload, drawn on one line of a terminal and cleared before
/// the command's result: `1.2 MiB of 4.0 MiB (30%), 850 KiB/s [###       ]`.
///
/// Reports come from the transport's own thread, which must never wait: ``report(sent:of:)``
/// only decides, under a lock, whether to redraw (the first report of an upload, its last, and
/// otherwise at most once per ``redrawInterval``), and hands the drawing to a queue of its own.
/// Reports outside ``begin()`` and ``end()`` are ignored, so a late one never draws over the
/// prompt; bodies under ``minimumSize`` go out too fast to need a bar. Other lines meant for
/// the terminal meanwhile, such as the request log's, go through ``writeAbove(_:)``.
package final class UploadProgressBar: Sendable {
  package static let minimumSize: Int64 = 256 << 10
  package static let redrawInterval = Duration.milliseconds(100)
  /// Cells of the bar itself.
  private static let cells = 10

  private let columns: Int
  private let now: @Sendable () -> ContinuousClock.Instant
  private let write: @Sendable (String) -> Void
  private let drawing = DispatchQueue(label: "card-repl.upload-progress")
  /// The line on the terminal now, touched only on `drawing`.
  private let shown = Protected<String?>(nil)
  private let state = Protected(State())

  private struct State {
    var isOpen = false
    var upload: Upload?
  }

  /// One attempt's body going out: where it started, and when and how far it was last drawn.
  private struct Upload {
    let start: ContinuousClock.Instant
    let startBytes: Int64
    var lastDrawn: ContinuousClock.Instant
    var lastSent: Int64
  }

  /// `columns` is the terminal's width, which a line never reaches, so it never wraps;
  /// `write` writes to the terminal.
  package init(
    columns: Int, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
    write: @escaping @Sendable (String) -> Void
  ) {
    self.columns = columns
    self.now = now
    self.write = write
  }

  /// Starts listening, before a command runs.
  package func begin() {
    state.withLock { $0 = State(isOpen: true) }
  }

  /// Stops listening and clears the bar if one was drawn, once every drawing handed over is
  /// done: after it, the command's result may be printed.
  package func end() async {
    state.withLock { $0 = State() }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      drawing.async { [self] in
        if shown.withLock({ $0.take() }) != nil { write(Self.clear) }
        done.resume()
      }
    }
  }

  /// Writes `text`, whole lines, where the bar is, and the bar again under it.
  package func writeAbove(_ text: String) {
    drawing.async { [self] in
      let bar = shown.withLock { $0 }
      write(bar.map { Self.clear + text + $0 } ?? text)
    }
  }

  /// `sent` of `total` bytes have gone out. A report below the last starts a new attempt.
  package func report(sent: Int64, of total: Int64) {
    guard total >= Self.minimumSize else { return }
    let time = now()
    let line = state.withLock { state -> String? in
      guard state.isOpen else { return nil }
      guard var upload = state.upload, sent >= upload.lastSent else {
        state.upload = Upload(start: time, startBytes: sent, lastDrawn: time, lastSent: sent)
        return self.line(sent: sent, of: total, rate: nil)
      }
      let isLast = sent == total && upload.lastSent < total
      guard isLast || time - upload.lastDrawn >= Self.redrawInterval else { return nil }
      upload.lastDrawn = time
      upload.lastSent = sent
      state.upload = upload
      let seconds = (time - upload.start) / .seconds(1)
      let rate = seconds > 0 ? Double(sent - upload.startBytes) / seconds : nil
      return self.line(sent: sent, of: total, rate: rate)
    }
    guard let line else { return }
    drawing.async { [self] in
      shown.withLock { $0 = line }
      write(line)
    }
  }

  /// Back to the start of the line, and the line erased.
  private static let clear = "\r\u{1B}[K"

  /// The line that draws the bar over the one before: from the start of the line, cut short
  /// of the last column, and with the rest of the line erased.
  private func line(sent: Int64, of total: Int64, rate: Double?) -> String {
    let percent = Int(sent * 100 / total)
    var text = "\(Self.spoken(sent)) of \(Self.spoken(total)) (\(percent)%)"
    if let rate { text += ", \(Self.spoken(Int64(rate)))/s" }
    let filled = Int(sent * Int64(Self.cells) / total)
    text +=
      " [" + String(repeating: "#", count: filled)
      + String(repeating: " ", count: Self.cells - filled) + "]"
    return "\r" + String(text.prefix(max(columns - 1, 0))) + "\u{1B}[K"
  }

  /// `512 B`, `48.0 KiB`, `4.0 MiB`.
  package static func spoken(_ bytes: Int64) -> String {
    if bytes < 1 << 10 { return "\(bytes) B" }
    if bytes < 1 << 20 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
    return String(format: "%.1f MiB", Double(bytes) / 1_048_576)
  }
}
