/// The wall time and the process CPU time (all threads together) that `body` took.
func measured(
  _ body: () async throws -> Void
) async rethrows -> (wall: Duration, cpu: Duration) {
  let (wallStart, cpuStart) = (ContinuousClock.now, processCPUTime())
  try await body()
  return (ContinuousClock.now - wallStart, processCPUTime() - cpuStart)
}
