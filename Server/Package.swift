// swift-tools-version: 6.2
import PackageDescription

/// SwiftPM names a path dependency after the last component of its path, so the root
/// package's identity is the name of the folder this package sits in, whatever the checkout
/// is called (`card-service`, `wt-i11-server`, `CardService 2`). Identities are lowercase.
let rootPackage =
  Context.packageDirectory.split(separator: "/").dropLast().last.map { $0.lowercased() } ?? ""

/// The AsyncHTTPClient transport's package, a path dependency too, so named after its folder.
let asyncHTTPClientTransportPackage = "asynchttpclienttransport"

/// The reference server: the root package's `CardSandbox` served over HTTP/1.1 by
/// Hummingbird. A package of its own, so that the core keeps no package dependency.
let package = Package(
  name: "CardServer",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "card-server", targets: ["card-server"])
  ],
  dependencies: [
    .package(path: ".."),
    .package(path: "../AsyncHTTPClientTransport"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
    .package(url: "https://github.com/apple/swift-http-types.git", exact: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
    .package(
      url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
  ],
  targets: [
    // The adapter: HTTP requests in, the sandbox's answers out, plus the admin path, the
    // body limit and the request log. `card-server` and the tests start it.
    .target(
      name: "CardServer",
      dependencies: [
        .product(name: "CardSandbox", package: rootPackage),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ]),
    // `swift run --package-path Server card-server --port 8080`.
    .executableTarget(name: "card-server", dependencies: ["CardServer"]),
    // The yardstick of Server/drills/reads.py: one route serving a file's bytes, the least a
    // Hummingbird server does per request. Not a product; nothing else uses it.
    .executableTarget(
      name: "static-reply",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]),
    .testTarget(
      name: "CardServerTests",
      dependencies: [
        "CardServer", "card-server",
        .product(name: "CardSandbox", package: rootPackage),
        // Built, not linked: a test runs it against the live server.
        .product(name: "card-repl", package: rootPackage),
        // The Data layer over each transport, URLSessionTransport and AsyncHTTPClientTransport,
        // for the end-to-end suite that runs the same cases over both.
        .product(name: "CardDomain", package: rootPackage),
        .product(name: "CardData", package: rootPackage),
        .product(name: "CardInfrastructure", package: rootPackage),
        .product(name: "CardDataTesting", package: rootPackage),
        .product(name: "CardAsyncHTTPClient", package: asyncHTTPClientTransportPackage),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
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
