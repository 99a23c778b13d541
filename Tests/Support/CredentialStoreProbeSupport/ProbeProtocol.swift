/// What a test writes on a probe's standard input: one byte per command.
///
/// The probe does nothing on its own: each step waits for the test's ``step``, so the test
/// decides how far each probe gets and when, from what the probes report, never from how
/// long anything takes.
package enum ProbeCommand: UInt8, Sendable {
  /// Do one step, then report ``ProbeReport/done``.
  case step = 0x73  // "s"
  /// Exit with status 0. The end of the input means the same.
  case stop = 0x71  // "q"
}

/// What a probe writes on its standard output: one line per report, each with one `write`.
package enum ProbeReport: Hashable, Sendable {
  /// The store is open and the probe waits for its first command.
  case ready
  /// A save of `family`'s generation 0 starts (it is in the log already).
  case saving(family: String)
  /// The refresh closure runs for this credential: its refresh token is being spent (it is
  /// in the log already), under the store's lock.
  case spent(ProbeCredential)
  /// A step ended; the probe waits for the next command.
  case done

  /// The line, without its line feed.
  package var line: String {
    switch self {
    case .ready: "ready"
    case .saving(let family): "saving \(family)"
    case .spent(let credential): "spent \(credential.family) \(credential.generation)"
    case .done: "done"
    }
  }

  /// The report that `line` (without its line feed) is; `nil` for any other text.
  package init?(line: some StringProtocol) {
    let words = line.split(separator: " ")
    switch (words.first, words.count) {
    case ("ready", 1): self = .ready
    case ("done", 1): self = .done
    case ("saving", 2): self = .saving(family: String(words[1]))
    case ("spent", 3):
      guard let generation = Int(words[2]) else { return nil }
      self = .spent(ProbeCredential(family: String(words[1]), generation: generation))
    default: return nil
    }
  }
}
