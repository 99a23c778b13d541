import CardComposition
import Foundation

/// `card-repl`: see `card-repl --help`.
let status = await CardREPLApp.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ProcessInfo.processInfo.environment)
exit(status)
