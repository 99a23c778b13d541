import CardReplies
import Foundation

// card-benchmarks <mode> [argument]: measurements too slow or too large for the unit tests.
// Exit status: 0 when the measurement meets its goal, 1 when it does not, 2 on bad usage.

let usage = """
  usage: card-benchmarks loopback [rounds]
         card-benchmarks multipart-upload [sizeMiB [rounds]]
         card-benchmarks network base-url [rounds]
         card-benchmarks network-reply
         card-benchmarks oversized-reply [runs]
         card-benchmarks pipeline [rounds]
         card-benchmarks store [rounds]
         card-benchmarks wrong-shape [rounds]
    loopback          GET /card/c1 through the whole client over URLSessionTransport
                      against a bare URLSession data task, both to a loopback server,
                      interleaved over rounds (default 20); the goal is at least 0.95
                      times the bare speed
    multipart-upload  upload a sizeMiB file (default 1024) as a form's file part through
                      the full client and with a bare URLSession upload from the file, to
                      a loopback server, interleaved over rounds (default 5); the goal is
                      at least 0.9 times the bare upload's throughput with flat memory
    network           GET base-url/cards answering 20 cards, sent by raw URLSession, raw
                      AsyncHTTPClient, and the full client over URLSessionTransport and
                      over AsyncHTTPClientTransport, sequentially and 32 in flight,
                      interleaved over rounds (default 10); the goals: the client over
                      AsyncHTTPClientTransport at least 1.6 times raw URLSession's
                      requests per second sequentially and 2.5 times in flight, and 0.95
                      times raw AsyncHTTPClient's in both; over URLSessionTransport at
                      least 0.95 times raw URLSession's in both; each judged against the
                      raw call, and against the raw call followed by a JSONDecoder decode
                      (Benchmarks/network-comparison.sh starts nginx and runs it)
    network-reply     write the 20-card reply the network drill expects to stdout
    oversized-reply   run the card-repl built beside it, runs times (default 200) for
                      each framing of a 50 MB reply (Content-Length, closed connection,
                      chunked), and count the runs that end with the pathErr refusing it,
                      crash or end otherwise; the goal is the pathErr every time
    pipeline          CPU time of a full repository call against a bare JSONDecoder decode
                      of the same reply, one card and a 100-card list, interleaved over
                      rounds (default 20); the goal is at most 2 times
    store             wall-clock time of the credential store's save + load against an
                      atomic write (temporary file, fsync, rename, fsync of the directory)
                      and a read of the same bytes with raw POSIX calls, interleaved over
                      rounds (default 200); the goal is a ratio of the medians of at most
                      1.5 times
    wrong-shape       judgeStatus on a 16 MiB reply whose data breaks the contract
                      against one bare decode of it (default 5 rounds); the goal is at
                      most 1.1 times
  """

let arguments = Array(CommandLine.arguments.dropFirst())
let number = arguments.count >= 2 ? Int(arguments[1]) : nil
let rounds = arguments.count == 3 ? Int(arguments[2]) : nil
switch (arguments.first, arguments.count, number) {
case ("loopback", 1, _): exit(await LoopbackBenchmark(rounds: 20).run())
case ("loopback", 2, let rounds?) where rounds > 0:
  exit(await LoopbackBenchmark(rounds: rounds).run())
case ("multipart-upload", 1, _):
  exit(await MultipartUploadBenchmark(sizeMiB: 1024, rounds: 5).run())
case ("multipart-upload", 2, let size?) where size > 0:
  exit(await MultipartUploadBenchmark(sizeMiB: size, rounds: 5).run())
case ("multipart-upload", 3, let size?) where size > 0 && (rounds ?? 0) > 0:
  exit(await MultipartUploadBenchmark(sizeMiB: size, rounds: rounds ?? 5).run())
case ("network", 2, _), ("network", 3, _):
  guard let base = URL(string: arguments[1]), base.scheme == "http" || base.scheme == "https",
    base.host != nil, arguments.count == 2 || (rounds ?? 0) > 0
  else {
    printError(usage)
    exit(2)
  }
  exit(await NetworkComparison(baseURL: base, rounds: rounds ?? 10).run())
case ("network-reply", 1, _):
  FileHandle.standardOutput.write(Replies.networkList)
  exit(0)
case ("oversized-reply", 1, _): exit(OversizedReplyDrill(runs: 200).run())
case ("oversized-reply", 2, let runs?) where runs > 0: exit(OversizedReplyDrill(runs: runs).run())
case ("pipeline", 1, _): exit(await PipelineBenchmark(rounds: 20).run())
case ("pipeline", 2, let rounds?) where rounds > 0:
  exit(await PipelineBenchmark(rounds: rounds).run())
case ("store", 1, _): exit(await StoreBenchmark(rounds: 200).run())
case ("store", 2, let rounds?) where rounds > 0: exit(await StoreBenchmark(rounds: rounds).run())
case ("wrong-shape", 1, _): exit(WrongShapeBenchmark(rounds: 5).run())
case ("wrong-shape", 2, let rounds?) where rounds > 0:
  exit(WrongShapeBenchmark(rounds: rounds).run())
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
