/// A benchmark that could not run or whose result is wrong, with the reason.
struct BenchmarkFailure: Error, CustomStringConvertible {
  /// The reason, for people.
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
