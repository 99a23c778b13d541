// swift-tools-version: 6.2
import PackageDescription

/// SwiftPM names a path dependency after the last component of its path, so the root
/// package's identity is the name of the folder this package sits in, whatever the checkout
/// is called (`card-service`, `wt-i11-server`, `CardService 2`). Identities are lowercase.
let rootPackage =
  Context.packageDirectory.split(separator: "/").dropLast().last.map { $0.lowercased() } ?? ""

/// The Data layer's `HTTPTransport` over AsyncHTTPClient, for server-side projects that
/// already run SwiftNIO. A package of its own, so that the core keeps no package dependency.
let package = Package(
  name: "CardAsyncHTTPClient",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "CardAsyncHTTPClient", targets: ["CardAsyncHTTPClient"])
  ],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
    .package(url: "https://github.com/apple/swift-distributed-tracing.git", exact: "1.7.3"),
  ],
  targets: [
    // The adapter: the port's requests onto HTTPClient's, its replies and failures back.
    .target(
      name: "CardAsyncHTTPClient",
      dependencies: [
        .product(name: "CardData", package: rootPackage),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
      ]),
    .testTarget(
      name: "CardAsyncHTTPClientTests",
      dependencies: [
        "CardAsyncHTTPClient",
        .product(name: "CardData", package: rootPackage),
        .product(name: "CardDomain", package: rootPackage),
        .product(name: "CardDataTesting", package: rootPackage),
        .product(name: "LoopbackHTTPTestServer", package: rootPackage),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
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
