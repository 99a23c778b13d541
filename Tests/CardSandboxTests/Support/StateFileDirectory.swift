import CardTestingPrimitives
import Foundation

extension TemporaryDirectory {
  /// `state.json` in the directory: the state file of the sandboxes under test, an SQLite
  /// database that keeps the name JSON states had.
  var stateFile: URL { appending("state.json") }
}
