import Foundation

// card-benchmarks <mode> [arguments]: measurements too slow or too large for the unit tests,
// printed as figures. Exit status: 0 when the measurement meets its goal, 1 when it does not,
// 2 on bad usage.

let usage = """
  usage: card-benchmarks multipart-memory [sizeMiB]
         card-benchmarks pipeline [rounds]
    multipart-memory  encode a form with a sizeMiB file part (default 256) through a
                      temporary file and check that peak memory stays flat
    pipeline          CPU time of a full repository call against a bare JSONDecoder decode
                      of the same reply, one card and a 100-card list, interleaved over
                      rounds (default 20); the goal is at most 1.5 times
  """

let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("multipart-memory", 1...2):
  guard let sizeMiB = Int(arguments.count == 2 ? arguments[1] : "256"), sizeMiB > 0 else {
    printError(usage)
    exit(2)
  }
  exit(MultipartMemoryBenchmark(sizeMiB: sizeMiB).run())
case ("pipeline", 1...2):
  guard let rounds = Int(arguments.count == 2 ? arguments[1] : "20"), rounds > 0 else {
    printError(usage)
    exit(2)
  }
  exit(await PipelineBenchmark(rounds: rounds).run())
default:
  printError(usage)
  exit(2)
}

/// A measurement that could not be made.
struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

func printError(_ message: String) {
  FileHandle.standardError.write(Data("\(message)\n".utf8))
}

func mebibytes(_ bytes: Int64) -> String {
  String(format: "%.1f", Double(bytes) / 1_048_576)
}
