/// Lines from standard input through `readLine()`: a script from a pipe (no prompt), or a
/// terminal where raw mode is not available (a plain prompt, no editing).
public struct ReadLineSource: LineSource {
  private let prompts: FileDescriptorWriter?

  /// A source that shows prompts on `promptDescriptor`, or none when it is `nil`.
  public init(promptDescriptor: Int32?) {
    prompts = promptDescriptor.map(FileDescriptorWriter.init)
  }

  /// Whether prompts are shown.
  public var showsPrompt: Bool { prompts != nil }

  /// The next line of standard input.
  public func nextLine(prompt: String) async -> LineInput {
    prompts?.write(prompt)
    let line = await BlockingInput.run { readLine(strippingNewline: true) }
    guard let line else {
      prompts?.write("\n")
      return .endOfInput
    }
    return .line(line)
  }
}
