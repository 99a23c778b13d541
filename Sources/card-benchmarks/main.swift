import Foundation

// card-benchmarks <mode> [argument]: measurements too slow or too large for the unit tests.
// Exit status: 0 when the measurement meets its goal, 1 when it does not, 2 on bad usage.

let usage = """
  usage: card-benchmarks multipart-memory [sizeMiB]
         card-benchmarks pipeline [rounds]
         card-benchmarks wrong-shape [rounds]
         card-benchmarks state-growth
    multipart-memory  encode a form with a sizeMiB file part (default 256) through a
                      temporary file and check that peak memory stays flat
    pipeline          CPU time of a full repository call against a bare JSONDecoder decode
                      of the same reply, one card and a 100-card list, interleaved over
                      rounds (default 20); the goal is at most 1.5 times
    wrong-shape       judgeStatus on a 16 MiB reply whose data breaks the contract
                      against one bare decode of it (default 5 rounds); the goal is at
                      most 1.1 times
    state-growth      the sandbox on an SQLite state: the last logins of 1,000 against the
                      first, and a POST /card and a login after 50 cards of 1 MiB against a
                      fresh state (goal: at most 1.5 times), and resident memory (< 100 MiB)
  """

let arguments = Array(CommandLine.arguments.dropFirst())
let number = arguments.count == 2 ? Int(arguments[1]) : nil
switch (arguments.first, arguments.count, number) {
case ("multipart-memory", 1, _): exit(MultipartMemoryBenchmark(sizeMiB: 256).run())
case ("multipart-memory", 2, let size?) where size > 0:
  exit(MultipartMemoryBenchmark(sizeMiB: size).run())
case ("pipeline", 1, _): exit(await PipelineBenchmark(rounds: 20).run())
case ("pipeline", 2, let rounds?) where rounds > 0:
  exit(await PipelineBenchmark(rounds: rounds).run())
case ("wrong-shape", 1, _): exit(WrongShapeBenchmark(rounds: 5).run())
case ("wrong-shape", 2, let rounds?) where rounds > 0:
  exit(WrongShapeBenchmark(rounds: rounds).run())
case ("state-growth", 1, _): exit(await StateGrowthBenchmark().run())
default:
  printError(usage)
  exit(2)
}

struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

func printError(_ message: String) { FileHandle.standardError.write(Data("\(message)\n".utf8)) }

func mebibytes(_ bytes: Int64) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
