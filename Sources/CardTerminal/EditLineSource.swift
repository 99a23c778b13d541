import CEditLine
import CardPrimitives
import CardREPL
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines typed at a terminal, edited by the system's libedit in its emacs mode, with history
/// kept in ``HistoryFile`` and Tab completion from ``LineCompleter``. libedit puts the
/// terminal in its edit mode only while a line is typed, so during a command Ctrl-C is a
/// signal that cancels it; at the prompt the edit mode has no signals (`-isig`) and Ctrl-C is
/// a key that drops the line.
///
/// `@unchecked Sendable`: libedit is not thread-safe, and every call to it, callbacks
/// included, happens on ``queue``, one line at a time.
package final class EditLineSource: LineSource, @unchecked Sendable {
  private let queue = DispatchQueue(label: "card-repl.editline")
  private let editor: OpaquePointer
  private let history: OpaquePointer
  private let input: UnsafeMutablePointer<FILE>
  private let output: UnsafeMutablePointer<FILE>
  private let completer: LineCompleter
  private let historyFile: HistoryFile
  private var entries: [String]
  /// What the prompt function returns; replaced before each line.
  fileprivate private(set) var prompt: UnsafeMutablePointer<wchar_t>
  /// Set by the Ctrl-C key, which ends the line as Ctrl-D does.
  private var interrupted = false

  /// `nil` when libedit cannot start on these descriptors. Prompts, echo and completion
  /// lists go to `echoDescriptor`: standard error in JSON mode, so that standard output
  /// stays JSON.
  package init?(echoDescriptor: Int32, historyPath: String, completer: LineCompleter) {
    Self.useUTF8Characters()
    guard let input = fdopen(dup(STDIN_FILENO), "r") else { return nil }
    guard let output = fdopen(dup(echoDescriptor), "w") else {
      fclose(input)
      return nil
    }
    guard let editor = el_init("card-repl", input, output, output), let history = history_winit()
    else {
      fclose(input)
      fclose(output)
      return nil
    }
    self.editor = editor
    self.history = history
    self.input = input
    self.output = output
    self.completer = completer
    historyFile = HistoryFile(path: historyPath)
    // A file saved before the policy refused a line may still hold it: it leaves at once.
    let saved = historyFile.load()
    entries = saved.filter(HistoryPolicy.admits)
    if entries.count != saved.count { historyFile.save(entries) }
    prompt = Self.wide("")
    configure()
  }

  deinit {
    el_end(editor)
    history_wend(history)
    fclose(input)
    fclose(output)
    prompt.deallocate()
  }

  package var showsPrompt: Bool { true }

  package func nextLine(prompt: String) async -> LineInput {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: self.readLine(prompt: prompt)) }
    }
  }

  /// libedit reads and measures wide characters by the C library's locale: without a UTF-8
  /// one (no `LANG` at all, say), Hangul would be bytes of width one.
  private static func useUTF8Characters() {
    setlocale(LC_CTYPE, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    if codeset != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
  }

  private func configure() {
    card_el_set_client_data(editor, Unmanaged.passUnretained(self).toOpaque())
    card_el_set_prompt(editor, promptFunction)
    card_el_set_editor(editor, "emacs")
    card_el_set_signal(editor, 1)
    card_el_set_tty(editor, "-d", "-isig")
    card_history_set_size(history, Int32(HistoryFile.limit))
    card_history_set_unique(history, 1)
    card_el_set_history(editor, history)
    for entry in entries { Self.withWide(entry) { _ = card_history_enter(history, $0) } }
    card_el_add_function(editor, "card-complete", "complete the word", completeFunction)
    card_el_add_function(editor, "card-interrupt", "drop the line", interruptFunction)
    for (keys, function) in Self.bindings { card_el_bind(editor, keys, function) }
    // The user's ~/.editrc, if any, has the last word, as in other libedit programs.
    el_source(editor, nil)
  }

  /// What libedit's emacs mode leaves out or binds otherwise: Ctrl-R searches back as in
  /// readline (emacs mode has it redraw), Ctrl-W deletes the word before the cursor into the
  /// kill buffer for Ctrl-Y (emacs mode kills a region), and xterm's Ctrl- and Alt-arrows and
  /// Home, End and Delete keys.
  private static let bindings = [
    ("^I", "card-complete"), ("^C", "card-interrupt"), ("^R", "em-inc-search-prev"),
    ("^W", "ed-delete-prev-word"), ("\\e[1;5D", "ed-prev-word"), ("\\e[1;5C", "em-next-word"),
    ("\\e[1;3D", "ed-prev-word"), ("\\e[1;3C", "em-next-word"), ("\\e[H", "ed-move-to-beg"),
    ("\\e[F", "ed-move-to-end"), ("\\e[1~", "ed-move-to-beg"), ("\\e[4~", "ed-move-to-end"),
    ("\\e[3~", "ed-delete-next-char"),
  ]

  private func readLine(prompt text: String) -> LineInput {
    prompt.deallocate()
    prompt = Self.wide(text)
    interrupted = false
    var count: Int32 = 0
    // el_wgets leaves the edit mode as it returns.
    card_el_prepare_terminal(editor, 1)
    guard let line = el_wgets(editor, &count), count > 0 else {
      // A signal from outside (`kill -INT`) interrupts the read: the line is dropped, as
      // Ctrl-C drops it, rather than the session ended.
      let dropped = interrupted || (count < 0 && errno == EINTR)
      write(interrupted ? "^C\n" : "\n")
      return dropped ? .interrupted : .endOfInput
    }
    // libedit drops the bytes it cannot decode; a character that is still no Unicode scalar
    // refuses the line rather than vanish from it.
    guard var typed = Self.string(line, count: Int(count)) else { return .notUTF8 }
    if typed.last == "\n" { typed.removeLast() }
    remember(typed)
    return .line(typed)
  }

  private func remember(_ line: String) {
    guard HistoryPolicy.admits(line), entries.last != line else { return }
    Self.withWide(line) { _ = card_history_enter(history, $0) }
    entries.append(line)
    if entries.count > HistoryFile.limit { entries.removeFirst(entries.count - HistoryFile.limit) }
    historyFile.save(entries)
  }

  /// Tab: the one candidate (followed by a space unless it ends a key or a directory), else
  /// what every candidate starts with, else the list of them under the line.
  fileprivate func complete() -> UInt8 {
    guard let info = el_wline(editor)?.pointee else { return UInt8(CC_ERROR) }
    guard let before = Self.string(info.buffer, count: info.cursor - info.buffer) else {
      return UInt8(CC_REFRESH_BEEP)
    }
    let completion = completer.complete(before)
    let candidates = completion.candidates
    guard let first = candidates.first else { return UInt8(CC_REFRESH_BEEP) }
    let common = candidates.dropFirst().reduce(first) { common, candidate in
      String(zip(common, candidate).prefix(while: { $0 == $1 }).map(\.0))
    }
    if candidates.count == 1 {
      let ending = first.hasSuffix("=") || first.hasSuffix("/") ? "" : " "
      replace(completion.word, with: first + ending)
    } else if common.count > completion.word.count {
      replace(completion.word, with: common)
    } else {
      write("\n" + candidates.map(TerminalText.safe).joined(separator: "  ") + "\n")
      return UInt8(CC_REDISPLAY)
    }
    return UInt8(CC_REFRESH)
  }

  private func replace(_ word: String, with replacement: String) {
    el_deletestr(editor, Int32(word.unicodeScalars.count))
    Self.withWide(replacement) { _ = el_winsertstr(editor, $0) }
  }

  fileprivate func interrupt() -> UInt8 {
    interrupted = true
    return UInt8(CC_EOF)
  }

  private func write(_ text: String) {
    fputs(text, output)
    fflush(output)
  }

  /// A NUL-terminated copy, for libedit to keep; the caller deallocates it.
  private static func wide(_ text: String) -> UnsafeMutablePointer<wchar_t> {
    let scalars = wideCharacters(text)
    let copy = UnsafeMutablePointer<wchar_t>.allocate(capacity: scalars.count)
    copy.initialize(from: scalars, count: scalars.count)
    return copy
  }

  /// `text` NUL-terminated, for a call that copies what it needs.
  private static func withWide<Result>(
    _ text: String, _ body: (UnsafePointer<wchar_t>) -> Result
  ) -> Result {
    wideCharacters(text).withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  private static func wideCharacters(_ text: String) -> [wchar_t] {
    text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
  }

  /// `nil` when a character is not a Unicode scalar.
  private static func string(_ characters: UnsafePointer<wchar_t>, count: Int) -> String? {
    var scalars = String.UnicodeScalarView()
    for character in UnsafeBufferPointer(start: characters, count: count) {
      guard let scalar = Unicode.Scalar(UInt32(bitPattern: character)) else { return nil }
      scalars.append(scalar)
    }
    return String(scalars)
  }

  fileprivate static func from(_ editor: OpaquePointer?) -> EditLineSource {
    Unmanaged<EditLineSource>.fromOpaque(card_el_client_data(editor)).takeUnretainedValue()
  }
}

private func promptFunction(_ editor: OpaquePointer?) -> UnsafeMutablePointer<wchar_t>? {
  EditLineSource.from(editor).prompt
}

private func completeFunction(_ editor: OpaquePointer?, _ key: Int32) -> UInt8 {
  EditLineSource.from(editor).complete()
}

private func interruptFunction(_ editor: OpaquePointer?, _ key: Int32) -> UInt8 {
  EditLineSource.from(editor).interrupt()
}

/// The prompt's history on disk: one line per entry, oldest first, at most ``limit`` entries,
/// in a file of mode 0600 replaced whole after each line (``AtomicFile``), so a crash loses
/// nothing typed before and a reader never sees a torn file. Two REPLs on one home take no
/// lock: each writes its own entries, the last to write wins, and a save that meets another
/// REPL's may fail and be dropped.
struct HistoryFile: Sendable {
  static let limit = 1000
  /// A file larger than this is not history this program wrote: it is ignored.
  private static let byteLimit = 1 << 20

  let path: String

  /// The saved entries, newest last; none when the file is missing, unreadable or too big.
  func load() -> [String] {
    guard let file = try? PosixFile.openForReadingIfPresent(path) else { return [] }
    defer { file.closeIgnoringErrors() }
    guard let status = try? file.status(), status.st_mode & S_IFMT == S_IFREG,
      let bytes = try? file.readAll(limit: Self.byteLimit)
    else { return [] }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    return Array(lines.suffix(Self.limit))
  }

  /// Errors are dropped: losing history must not disturb the session.
  func save(_ entries: [String]) {
    let text = entries.suffix(Self.limit).map { $0 + "\n" }.joined()
    try? AtomicFile.replace(path, with: Array(text.utf8))
  }
}
