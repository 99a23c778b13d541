import CardSandbox
import CardServer
import Foundation

/// Writes `text` and a newline at once, unbuffered: a reader of a pipe sees each line as it
/// is printed.
@Sendable func printLine(_ text: String, to handle: FileHandle = .standardOutput) {
  handle.write(Data((text + "\n").utf8))
}

let options: ServerOptions
do {
  options = try ServerOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  printLine("card-server: \(error)", to: .standardError)
  exit(64)
}
if options.showsHelp {
  printLine(ServerOptions.usage)
  exit(0)
}

let environment = ProcessInfo.processInfo.environment
let stateFile =
  options.stateFile.map { URL(fileURLWithPath: $0) }
  ?? ServerOptions.defaultStateFile(environment: environment)
let sandbox: Sandbox
do {
  try FileManager.default.createDirectory(
    at: stateFile.deletingLastPathComponent(), withIntermediateDirectories: true,
    attributes: [.posixPermissions: 0o700])
  sandbox = try Sandbox(
    stateFile: stateFile, accessTokenLifetime: .seconds(options.accessTokenLifetimeSeconds))
} catch {
  printLine(
    "card-server: \(error). Delete \(stateFile.path) to start from the seed state",
    to: .standardError)
  exit(1)
}
if !SandboxServer.isLoopback(options.host) {
  printLine(
    "card-server: warning: binding \(options.host): the sandbox is not a production server. "
      + "Anyone who reaches this address can log in as demo/demo; the admin path still "
      + "answers loopback only.",
    to: .standardError)
}

let server = SandboxServer(
  sandbox: sandbox, host: options.host, port: options.port, log: { printLine($0) })
do {
  try await server.run { url in printLine(url.absoluteString) }
} catch {
  printLine(
    "card-server: "
      + SandboxServer.startFailure(error, host: options.host, port: options.port),
    to: .standardError)
  exit(1)
}
