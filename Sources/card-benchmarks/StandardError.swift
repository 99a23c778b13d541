import Foundation

/// Writes `message` and a line break to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("\(message)\n".utf8))
}
