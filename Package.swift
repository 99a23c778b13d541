// swift-tools-version: 6.2
import PackageDescription

/// The card-service core, in layers whose boundaries the compiler enforces:
/// `CardDomain` ← `CardData` ← `CardInfrastructure`, with only the composition root
/// knowing every concrete type. The package has no package dependencies.
let package = Package(
  name: "CardService",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "CardDomain", targets: ["CardDomain"]),
    .library(name: "CardData", targets: ["CardData"]),
    .library(name: "CardInfrastructure", targets: ["CardInfrastructure"]),
    .library(name: "CardDomainTesting", targets: ["CardDomainTesting"]),
    .library(name: "CardDataTesting", targets: ["CardDataTesting"]),
    .library(name: "CardTestingPrimitives", targets: ["CardTestingPrimitives"]),
    .library(name: "CardSandbox", targets: ["CardSandbox"]),
    .library(name: "LoopbackHTTPTestServer", targets: ["LoopbackHTTPTestServer"]),
    .executable(name: "card-repl", targets: ["card-repl"]),
  ],
  targets: [
    // Entities, use cases, repository protocols and typed errors. Foundation only.
    .target(name: "CardDomain"),
    // What several of our targets share and no other project needs: a Mutex whose hand-offs
    // ThreadSanitizer sees, the FIFO lock held across suspension points, header storage, the
    // file machinery (atomic replacement, `flock`, file versions), and the escaping of text
    // from outside for a terminal (the REPL and the request log), and the rules the sandbox
    // shares with the fakes and the REPL that mimic it, written once (the fault bounds, a
    // reorder's refusal). Plumbing, not a layer: it holds no card type. Package access only;
    // no product names it.
    .target(name: "CardPrimitives"),
    // Endpoints, DTOs, judgeStatus, the request pipeline and the repositories.
    .target(name: "CardData", dependencies: ["CardDomain", "CardPrimitives"]),
    // Test support, one target per layer, each depending only on what it fakes: how other
    // projects test against this package, and how our own tests do. No production target
    // depends on any of them.
    //
    // What a test orders events with and the files it leaves behind: the gate and tally a
    // test waits on instead of sleeping, and a temporary directory per test. Plumbing, not a
    // layer: it knows nothing of cards.
    .target(name: "CardTestingPrimitives", dependencies: ["CardPrimitives"]),
    // Spies of the Domain's repositories, for the use cases' tests and the REPL's: the Domain
    // alone (and the primitives' lock), nothing of Data or the sandbox.
    .target(name: "CardDomainTesting", dependencies: ["CardDomain", "CardPrimitives"]),
    // Spies, stubs and fakes of Data's ports, the ports' contracts as specs (a new transport or
    // store runs them), and the Data layer over the in-process sandbox (SandboxBackend).
    .target(
      name: "CardDataTesting",
      dependencies: [
        "CardData", "CardDomain", "CardPrimitives", "CardSandbox", "CardSandboxTransport",
        "CardTestingPrimitives", "LoopbackHTTPTestServer",
      ]),
    // libcrypto from OpenSSL (not libssl), for AES-GCM, PBKDF2 and random bytes on Linux.
    .systemLibrary(
      name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"])]),
    // Adapters for the Data ports: the URLSession transport and the encrypted credential store.
    .target(
      name: "CardInfrastructure",
      dependencies: [
        "CardData", "CardDomain", "CardPrimitives",
        .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
      ]),
    // The server side of the wire contract, in process. A product for the reference server
    // (Server/), which serves it over HTTP; public only what that needs (start on a state
    // file, handle a request, inject faults). Other projects test through CardDataTesting's
    // SandboxBackend. Of our targets it imports only the primitives (header storage, file
    // machinery) and the system's SQLite, so it shares no contract type with the client it
    // checks.
    .target(name: "CardSandbox", dependencies: ["CardPrimitives", "CSQLite"]),
    // Data's HTTPTransport port over the in-process sandbox: the REPL's embedded backend and
    // SandboxBackend's transport. Production code, in a target of its own so that the
    // composition root uses the sandbox without linking any test support. Package access
    // only: other projects reach the sandbox through CardDataTesting's SandboxBackend.
    .target(
      name: "CardSandboxTransport", dependencies: ["CardData", "CardPrimitives", "CardSandbox"]),
    // The system's SQLite, for the sandbox's state: pkg-config on Linux, the SDK's on Apple
    // platforms.
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]),
    // The REPL: tokenizer, command table, rendering and the loop. It knows the use cases and
    // its own small ports only, never a concrete Data or Infrastructure type.
    .target(name: "CardREPL", dependencies: ["CardDomain", "CardPrimitives"]),
    // The system's libedit (editline), for the REPL's line editing: pkg-config on Linux, the
    // SDK's on Apple platforms.
    .systemLibrary(
      name: "CEditLine", path: "Sources/CEditLine", pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]),
    // Everything of the REPL that touches the real terminal and the process's standard streams:
    // the line sources (libedit's, a plain prompt, a pipe), the console, the password sources
    // and the SIGINT source, behind the REPL's small ports. The one target that imports
    // libedit, so the REPL and its tests need no C library and no terminal.
    .target(name: "CardTerminal", dependencies: ["CardREPL", "CardPrimitives", "CEditLine"]),
    // The composition root: the one place that knows every concrete type and wires them. It
    // links no test support: the REPL's embedded backend is the sandbox over SandboxTransport.
    .target(
      name: "CardComposition",
      dependencies: [
        "CardDomain", "CardData", "CardInfrastructure", "CardSandbox", "CardSandboxTransport",
        "CardREPL", "CardPrimitives", "CardTerminal",
      ]),
    // `swift run card-repl`: explore every card flow against the sandbox or a server.
    .executableTarget(name: "card-repl", dependencies: ["CardComposition"]),
    // An HTTP/1.1 server on 127.0.0.1 for the transport and composition tests, the drills of
    // Benchmarks/, and other projects that check their own transport against a real socket.
    // Test support: no production target depends on it, and of our targets it imports the
    // primitives only.
    .target(
      name: "LoopbackHTTPTestServer", dependencies: ["CardPrimitives"],
      path: "Tests/Support/LoopbackHTTPTestServer"),
    // Finds an executable built next to the test bundle, for tests that run one. Test support
    // only: no product names it.
    .target(name: "BuiltExecutable", path: "Tests/Support/BuiltExecutable"),
    // The REPL's capturing console and fakes of its ports, for the REPL and composition
    // tests. Test support only: no product names it.
    .target(
      name: "CardREPLTestSupport",
      dependencies: [
        "CardREPL", "CardDomain", "CardDomainTesting", "CardTestingPrimitives", "CardPrimitives",
      ],
      path: "Tests/Support/CardREPLTestSupport"),
    // What the credential store's probe and the tests that run it share: the credentials the
    // probes write and the commands and reports between them. Test support only: no product
    // names it.
    .target(
      name: "CredentialStoreProbeSupport", dependencies: ["CardData"],
      path: "Tests/Support/CredentialStoreProbeSupport"),
    // A child process for the credential store's multi-process tests. Test support only: no
    // product names it.
    .executableTarget(
      name: "credential-store-probe",
      dependencies: ["CardInfrastructure", "CardData", "CredentialStoreProbeSupport"],
      path: "Tests/Support/credential-store-probe"),

    // Each layer's tests depend on that layer and the test support of what it fakes: the use
    // cases over the repositories' spies, the repositories over a spy client, a transport or
    // store against its port's spec.
    .testTarget(name: "CardDomainTests", dependencies: ["CardDomain", "CardDomainTesting"]),
    // README.md, Architecture.md, Tests/README.md and docs/ against the code: every Swift block
    // quotes a compiled file, and every test named in prose exists. Reads files only.
    .testTarget(name: "DocumentationTests"),
    .testTarget(
      name: "CardDataTests",
      dependencies: [
        "CardData", "CardDomain", "CardDataTesting", "CardTestingPrimitives", "CardPrimitives",
      ]),
    .testTarget(
      name: "CardInfrastructureTests",
      dependencies: [
        "CardInfrastructure", "CardData", "CardDomain", "CardDataTesting", "CardTestingPrimitives",
        "CardPrimitives", "credential-store-probe", "CredentialStoreProbeSupport",
        "LoopbackHTTPTestServer", "BuiltExecutable",
      ]),
    .testTarget(
      name: "CardSandboxTests",
      dependencies: [
        "CardSandbox", "CardSandboxTransport", "CardDataTesting", "CardTestingPrimitives",
        "CardPrimitives",
      ]),
    .testTarget(
      name: "CardPrimitivesTests", dependencies: ["CardPrimitives", "CardTestingPrimitives"]),
    // The sandbox's transport keeps the transport contract, as the URLSession transport does.
    .testTarget(
      name: "CardSandboxTransportTests",
      dependencies: [
        "CardSandboxTransport", "CardSandbox", "CardData", "CardDataTesting",
        "CardTestingPrimitives", "CardPrimitives",
      ]),
    // The test support's own tests: the fakes keep their ports' contracts and answer as
    // scripted, and SandboxBackend behaves as the service does.
    .testTarget(
      name: "CardTestingTests",
      dependencies: [
        "CardDataTesting", "CardDomainTesting", "CardTestingPrimitives", "CardData", "CardDomain",
      ]),
    // The REPL against fakes: its own ports' fakes and the repositories' spies, never the
    // composition root (the golden scripts, which need the real graph, are composition tests).
    .testTarget(
      name: "CardREPLTests",
      dependencies: [
        "CardREPL", "CardDomain", "CardREPLTestSupport", "CardDomainTesting",
        "CardTestingPrimitives",
      ]),
    .testTarget(
      name: "CardCompositionTests",
      dependencies: [
        "CardComposition", "CardREPL", "CardDomain", "CardData", "CardSandbox", "CardDataTesting",
        "CardTestingPrimitives", "CardREPLTestSupport", "CardPrimitives", "card-repl",
        "LoopbackHTTPTestServer", "BuiltExecutable",
      ],
      exclude: ["Goldens"]),
  ],
  swiftLanguageModes: [.v6]
)

// Settings that keep every target honest: `any` spelled out for every existential, and a
// member visible only where its module is imported, so a file's imports say what it uses.
for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
