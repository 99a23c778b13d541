import Foundation

// card-benchmarks <mode> [arguments]: measurements too slow or too large for the unit tests.
// Exit status: 0 when the measurement passes its check, 1 when it fails, 2 on bad usage.

let usage = """
  usage: card-benchmarks multipart-memory [sizeMiB]
    multipart-memory  encode a form with a sizeMiB file part (default 256) through a
                      temporary file and check that peak memory stays flat
  """

let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("multipart-memory", 1...2):
  guard let sizeMiB = Int(arguments.count == 2 ? arguments[1] : "256"), sizeMiB > 0 else {
    printError(usage)
    exit(2)
  }
  exit(MultipartMemoryBenchmark(sizeMiB: sizeMiB).run())
default:
  printError(usage)
  exit(2)
}
