// swift-tools-version: 6.2
import PackageDescription

/// SwiftPM names a path dependency after the last component of its path, so the root
/// package's identity is the name of the folder this package sits in, whatever the checkout
/// is called (`card-service`, `CardService 2`). Identities are lowercase.
let rootPackage =
  Context.packageDirectory.split(separator: "/").dropLast().last.map { $0.lowercased() } ?? ""

/// The AsyncHTTPClient transport's package, a path dependency too, so named after its folder.
let asyncHTTPClientTransportPackage = "asynchttpclienttransport"

/// What the card-service core costs, measured as one of its consumers sees it: through its
/// products and their public API only. A package of its own, so that the core keeps no
/// package dependency.
///
/// - `swift package --package-path Benchmarks benchmark`: instructions and allocations per
///   call (package-benchmark), figures that hold on a busy machine.
/// - `swift run --package-path Benchmarks -c release card-benchmarks <drill>`: the drills that
///   print a ratio against a bare baseline measured in the same run.
let package = Package(
  name: "CardBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(path: "../AsyncHTTPClientTransport"),
    .package(
      url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    // The network drill's raw AsyncHTTPClient, the same release the transport is built on.
    .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
  ],
  targets: [
    // package-benchmark's suite: one card and the 100-card list through `CardAPI` over a stub
    // transport, and the credential store's load. package-benchmark finds a suite by its
    // folder, `Benchmarks/<Target>/`.
    .executableTarget(
      name: "CardBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "CardDomain", package: rootPackage),
        .product(name: "CardData", package: rootPackage),
        .product(name: "CardInfrastructure", package: rootPackage),
        "CardReplies",
      ],
      path: "Benchmarks/CardBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    // The replies both measure: one card and the 100-card list, as the service sends them.
    .target(name: "CardReplies"),
    // The drills, each a ratio against a bare baseline in one run: `card-benchmarks <drill>`.
    .executableTarget(
      name: "card-benchmarks",
      dependencies: [
        .product(name: "CardDomain", package: rootPackage),
        .product(name: "CardData", package: rootPackage),
        .product(name: "CardInfrastructure", package: rootPackage),
        .product(name: "LoopbackHTTPTestServer", package: rootPackage),
        .product(name: "CardAsyncHTTPClient", package: asyncHTTPClientTransportPackage),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        "CardReplies",
        // Built, not linked: the oversized-reply drill runs the `card-repl` built beside it.
        .product(name: "card-repl", package: rootPackage),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
