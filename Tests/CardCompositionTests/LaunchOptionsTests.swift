import CardComposition
import CardData
import Foundation
import Testing

@Suite("card-repl command line")
struct LaunchOptionsTests {
  @Test func noArgumentsMeanTheSandboxAndHumanOutput() throws {
    #expect(try LaunchOptions.parse([]) == LaunchOptions())
  }

  @Test func everyOptionInBothSpellings() throws {
    var expected = LaunchOptions()
    expected.json = true
    expected.server = URL(string: "https://api.example.com/v1")
    expected.home = "/tmp/h"
    #expect(
      try LaunchOptions.parse([
        "--json", "--server", "https://api.example.com/v1", "--home", "/tmp/h",
      ])
        == expected)
    #expect(
      try LaunchOptions.parse(["--home=/tmp/h", "--server=https://api.example.com/v1", "--json"])
        == expected)
    #expect(try LaunchOptions.parse(["--help"]).showsHelp)
    #expect(try LaunchOptions.parse(["-h"]).showsHelp)
  }

  @Test func scriptsTimeoutAndVersion() throws {
    #expect(try LaunchOptions.parse(["notes.txt"]).scriptFile == "notes.txt")
    #expect(try LaunchOptions.parse(["-f", "notes.txt"]).scriptFile == "notes.txt")
    let oneShot = try LaunchOptions.parse(["-c", "login demo demo; cards", "--stop-on-error"])
    #expect(oneShot.commands == "login demo demo; cards" && oneShot.stopsOnError)
    #expect(try LaunchOptions.parse(["--version"]).showsVersion)
    let server = try LaunchOptions.parse(["--server", "http://localhost:8080", "--timeout", "2.5"])
    #expect(server.requestTimeout == .milliseconds(2500))
  }

  @Test(arguments: [
    ("localhost:8080", "http://localhost:8080"),
    ("127.0.0.1:8080", "http://127.0.0.1:8080"),
    ("HTTP://LOCALHOST:8080", "http://LOCALHOST:8080"),
    ("cards.example.com", "http://cards.example.com"),
    ("https://cards.example.com/v1", "https://cards.example.com/v1"),
  ])
  func aServerWithoutSchemeIsPlainHTTP(typed: String, url: String) throws {
    #expect(try LaunchOptions.parse(["--server", typed]).server == URL(string: url))
  }

  #if canImport(FoundationNetworking)
    @Test(arguments: ["[::1]:8080", "http://[::1]:8080"])
    func anIPv6AddressIsRefusedAtTheStartOnLinux(typed: String) {
      #expect(
        throws: LaunchError(
          "--server cannot use an IPv6 address on Linux ('\(typed)'): URLSession there refuses"
            + " it; use a host name (localhost) or an IPv4 address (127.0.0.1)")
      ) { try LaunchOptions.parse(["--server", typed]) }
    }
  #endif

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["a.txt", "b.txt"], "unexpected argument 'b.txt'; give one script file"),
    (["-f", "a.txt", "b.txt"], "unexpected argument 'b.txt'; give one script file"),
    (["-c", "cards", "a.txt"], "give -c or a script file, not both"),
    (["--timeout", "5"], "--timeout applies to --server only"),
    (
      ["--server", "http://localhost:8080", "--timeout", "0"],
      "--timeout needs seconds, more than 0 and at most 86400, not '0'"
    ),
    (
      ["--server", "http://localhost:8080", "--timeout=soon"],
      "--timeout needs seconds, more than 0 and at most 86400, not 'soon'"
    ),
    (["--server", "http://localhost:99999"], "--server has port 99999; a port is 1 to 65535"),
    (["--version=2"], "--version takes no value"),
    (["--home"], "--home needs a value"),
    (["--home", "--json"], "--home needs a value"),
    (["--home="], "--home needs a directory"),
    (["--json", "--json"], "--json is given twice"),
    (["--json=yes"], "--json takes no value"),
    (
      ["--server", "ftp://example.com"],
      "--server needs host:port or an http or https URL, not 'ftp://example.com'"
    ),
    (
      ["--server", "not a url"],
      "--server needs host:port or an http or https URL, not 'not a url'"
    ),
    (["--server", "localhost:0"], "--server has port 0; a port is 1 to 65535"),
    (["--token-lifetime", "0"], "--token-lifetime needs whole seconds from 1 to 86400, not '0'"),
    (["--token-lifetime=1.5"], "--token-lifetime needs whole seconds from 1 to 86400, not '1.5'"),
  ])
  func badCommandLinesAreErrors(arguments: [String], message: String) {
    #expect(throws: LaunchError(message)) { try LaunchOptions.parse(arguments) }
  }
}

@Suite("Configuration resolution")
struct AppConfigurationTests {
  private let cwd = URL(fileURLWithPath: "/work/here")

  private func resolve(_ arguments: [String], _ environment: [String: String]) throws
    -> AppConfiguration
  {
    try AppConfiguration.resolve(
      try LaunchOptions.parse(arguments), environment: environment, currentDirectory: cwd)
  }

  @Test func homeComesFromTheOptionThenTheVariableThenTheUsersHome() throws {
    let environment = ["HOME": "/home/u", "CARD_REPL_HOME": "/var/cards"]
    #expect(try resolve(["--home", "/tmp/h"], environment).homeDirectory.path == "/tmp/h")
    #expect(try resolve([], environment).homeDirectory.path == "/var/cards")
    #expect(try resolve([], ["HOME": "/home/u"]).homeDirectory.path == "/home/u/.card-repl")
    #expect(
      try resolve([], ["HOME": "/home/u", "CARD_REPL_HOME": ""]).homeDirectory.path
        == "/home/u/.card-repl")
  }

  @Test func relativeAndTildeHomesAreResolved() throws {
    #expect(
      try resolve(["--home", "state"], ["HOME": "/home/u"]).homeDirectory.path == "/work/here/state"
    )
    #expect(
      try resolve(["--home", "~/cards"], ["HOME": "/home/u"]).homeDirectory.path == "/home/u/cards")
    #expect(
      try resolve([], ["HOME": "/home/u", "CARD_REPL_HOME": "../x"]).homeDirectory.path == "/work/x"
    )
  }

  @Test func filesLiveInTheHome() throws {
    let configuration = try resolve(["--home", "/tmp/h"], [:])
    #expect(configuration.sessionDirectory.path == "/tmp/h/session/sandbox")
    #expect(configuration.sandboxStateFile.path == "/tmp/h/sandbox/state.json")
  }

  @Test func keyFileByDefaultPassphraseFromTheEnvironment() throws {
    #expect(try resolve([], ["HOME": "/h"]).sessionKey == .keyFile)
    let configuration = try resolve([], ["HOME": "/h", "CARD_REPL_PASSPHRASE": "correct horse"])
    #expect(configuration.sessionKey == .passphrase("correct horse"))
    #expect(!"\(configuration.sessionKey)".contains("horse"))
    #expect(throws: LaunchError.self) { try resolve([], ["CARD_REPL_PASSPHRASE": ""]) }
  }

  @Test func serverOptionChoosesTheServerBackend() throws {
    #expect(try resolve([], [:]).backend == .sandbox)
    #expect(
      try resolve(["--server", "http://127.0.0.1:8080"], [:]).backend
        == .server(URL(string: "http://127.0.0.1:8080")!))
  }

  @Test func theTimeoutIsTheRequestTimeout() throws {
    let configuration = try resolve(["--server", "http://127.0.0.1:8080", "--timeout", "4"], [:])
    #expect(configuration.requestTimeout == .seconds(4))
  }

  @Test func defaultsAreTheProductionOnes() throws {
    let configuration = try resolve([], [:])
    #expect(configuration.requestTimeout == .seconds(30))
    #expect(configuration.retryBaseDelay == .milliseconds(500))
    #expect(configuration.accessTokenLifetime == .seconds(3600))
    #expect(configuration.callDeadline == CallDeadline())
  }

  /// Short natural lifetimes let several processes meet real expiries, not injected ones.
  @Test func theSandboxsTokenLifetimeIsAnOption() throws {
    #expect(try resolve(["--token-lifetime", "2"], [:]).accessTokenLifetime == .seconds(2))
    #expect(
      throws: LaunchError("--token-lifetime sets the sandbox's tokens; a server sets its own")
    ) {
      try resolve(["--token-lifetime", "2", "--server", "http://127.0.0.1:8080"], [:])
    }
  }

  /// The banner names the backend; a password in the server's URL stays out of it.
  @Test func theBackendsDescriptionHidesAPasswordInTheURL() throws {
    let server = AppConfiguration.Backend.server(URL(string: "http://user:secret@127.0.0.1:9/api")!)
    #expect(server.description == "server http://user:<redacted>@127.0.0.1:9/api")
    #expect(AppConfiguration.Backend.sandbox.description == "sandbox (demo/demo, guest/guest)")
  }
}
