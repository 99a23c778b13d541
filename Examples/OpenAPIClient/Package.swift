// swift-tools-version: 6.2
import PackageDescription

/// A client generated from the repository's openapi.yaml by Apple's Swift OpenAPI Generator,
/// as an outside client author would make one, and its tests against a running `card-server`.
/// A package of its own, so that the core keeps no package dependency.
let package = Package(
  name: "OpenAPIClient",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
    .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
  ],
  targets: [
    // `openapi.yaml` here is a link to the repository's document, so there is one source.
    .target(
      name: "CardServiceClient",
      dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
      plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]),
    .testTarget(
      name: "CardServiceClientTests",
      dependencies: [
        "CardServiceClient",
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
      ]),
  ])
