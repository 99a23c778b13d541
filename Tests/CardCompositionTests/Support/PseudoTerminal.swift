import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program running on a pseudo-terminal of 40 columns, as a person would run it: its
/// standard input, output and error are the terminal, which is its controlling terminal, so
/// Ctrl-C there is a SIGINT. The test types bytes and waits for text to appear, never for
/// time to pass.
///
/// `@unchecked Sendable`: its blocking reads and waits run on ``queue``, one at a time, off
/// the threads that run Swift tasks, which they would otherwise hold.
final class PseudoTerminal: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let master: Int32
  private let queue = DispatchQueue(label: "pseudo-terminal")
  private let process: pid_t
  /// Everything the program wrote, and how much of it the waits have consumed.
  private var output: [UInt8] = []
  private var consumed = 0

  /// A safety limit, not a measurement: a wait fails when the program writes nothing for
  /// this long, so that a hung program fails the test instead of hanging it.
  private static let silenceLimitMilliseconds: Int32 = 60_000

  /// `POSIX_SPAWN_SETSID`, which the C library's module does not export.
  #if canImport(Darwin)
    private static let startsNewSession: Int16 = 0x400
  #else
    private static let startsNewSession: Int16 = 0x80
  #endif

  init(_ executable: URL, _ arguments: [String], environment: [String: String]) throws {
    var master: Int32 = -1
    var terminal: Int32 = -1
    var name = [CChar](repeating: 0, count: 256)
    var size = winsize(ws_row: 24, ws_col: 40, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &terminal, &name, nil, &size) == 0 else {
      throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    self.master = master
    // The child opens the terminal by its name; it inherits neither descriptor.
    defer { close(terminal) }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(terminal, F_SETFD, FD_CLOEXEC)
    let terminalPath = String(
      decoding: name.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after the new session starts, the terminal becomes the controlling one.
    posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Self.startsNewSession)

    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for copy in argv + envp { free(copy) }
    }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable.path, &actions, &attributes, argv, envp)
    guard status == 0 else {
      close(master)
      throw Failure(description: "posix_spawn: \(String(cString: strerror(status)))")
    }
    process = child
  }

  deinit {
    // Ends a program a failed test left running; an exited one is already reaped.
    kill(process, SIGKILL)
    var status: Int32 = 0
    waitpid(process, &status, 0)
    close(master)
  }

  func type(_ text: String) { send(Array(text.utf8)) }

  func send(_ bytes: [UInt8]) {
    var remaining = bytes[...]
    while !remaining.isEmpty {
      let written = remaining.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      guard written > 0 else { return }
      remaining = remaining.dropFirst(written)
    }
  }

  /// Reads until `text` appears after what earlier waits consumed, and returns what came
  /// before it, `text` included; the next wait starts after it.
  @discardableResult
  func wait(for text: String) async throws -> String {
    try await onQueue { try self.blockingWait(for: text) }
  }

  /// Waits for the program to exit; its exit status. What it writes meanwhile stays unread:
  /// a test's own children may hold the terminal open, so its end is no sign of the exit.
  func exitStatus() async -> Int32 {
    (try? await onQueue { self.blockingExitStatus() }) ?? -1
  }

  private func onQueue<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value)
    async throws -> Value
  {
    try await withCheckedThrowingContinuation { continuation in
      queue.async { continuation.resume(with: Result { try work() }) }
    }
  }

  private func blockingWait(for text: String) throws -> String {
    let needle = Array(text.utf8)
    while true {
      if let range = firstRange(of: needle) {
        let seen = String(decoding: output[consumed..<range.upperBound], as: UTF8.self)
        consumed = range.upperBound
        return seen
      }
      guard try readMore() else {
        throw Failure(
          description: "the program ended without writing \(text.debugDescription); "
            + "it wrote \(unconsumed.debugDescription)")
      }
    }
  }

  private func blockingExitStatus() -> Int32 {
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 && errno == EINTR {}
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// What the program wrote that no wait has consumed yet.
  var unconsumed: String { String(decoding: output[consumed...], as: UTF8.self) }

  private func firstRange(of needle: [UInt8]) -> Range<Int>? {
    guard output.count - consumed >= needle.count else { return nil }
    for start in consumed...(output.count - needle.count)
    where output[start..<start + needle.count].elementsEqual(needle) {
      return start..<start + needle.count
    }
    return nil
  }

  /// `false` once the program closed the terminal (Linux says `EIO`).
  private func readMore() throws -> Bool {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, Self.silenceLimitMilliseconds)  // safety limit
    if ready < 0 && errno == EINTR { return true }
    guard ready > 0 else {
      throw Failure(description: "no output for a minute; it wrote \(unconsumed.debugDescription)")
    }
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    output += chunk[..<count]
    return true
  }
}
