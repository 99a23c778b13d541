import BuiltExecutable
import Foundation

/// The `credential-store-probe` executable built next to the test bundle;
/// `CREDENTIAL_STORE_PROBE` overrides the search.
enum ProbeBinary {
  static let name = "credential-store-probe"

  static func url() throws -> URL {
    try BuiltExecutable.url(named: name, override: "CREDENTIAL_STORE_PROBE")
  }
}
