// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "MyApp",
  platforms: [.macOS(.v15), .iOS(.v18)],  // the core's floor, for Synchronization
  dependencies: [.package(path: "../card-service")],
  targets: [
    .target(
      name: "MyApp",
      dependencies: [
        .product(name: "CardDomain", package: "card-service"),
        .product(name: "CardData", package: "card-service"),
        .product(name: "CardInfrastructure", package: "card-service"),
      ]),
    .testTarget(
      name: "MyAppTests",
      dependencies: [
        "MyApp",
        .product(name: "CardDomainTesting", package: "card-service"),
        .product(name: "CardDataTesting", package: "card-service"),
      ]),
  ])
