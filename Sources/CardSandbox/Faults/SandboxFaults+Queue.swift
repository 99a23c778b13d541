extension SandboxFaults {
  /// The status of the next queued failure, counting it as used; `nil` when none is queued.
  mutating func takeFailure() -> Int? {
    guard let status = failureStatus, failuresRemaining > 0 else { return nil }
    failuresRemaining -= 1
    if failuresRemaining == 0 { failureStatus = nil }
    return status
  }
}
