import CardTestSupport
import Foundation

extension TemporaryDirectory {
  /// `state.json` in the directory: the state file of the sandboxes under test.
  var stateFile: URL { appending("state.json") }

  /// `state.json.lock`, the file whose lock every sandbox on ``stateFile`` takes.
  var lockFile: URL { appending("state.json.lock") }
}
