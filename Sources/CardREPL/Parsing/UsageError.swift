/// A command line the REPL could not understand: a one-line message with a hint, and the
/// name of the command it was about, for the JSON `command` field.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The command the line was about: its full name when it was recognised (`card create`),
  /// the words typed when it was not (`cardz`), `nil` when the line could not be split into
  /// words.
  public let command: String?
  /// What is wrong and what to do, on one line.
  public let message: String

  /// Creates an error.
  public init(command: String?, _ message: String) {
    self.command = command
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
