import CardREPL

extension Result where Success == CommandOutput, Failure == CommandFailure {
  package var succeeded: Bool { if case .success = self { true } else { false } }
}
