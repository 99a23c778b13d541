import Foundation

/// Reads a pipe line by line on a thread of its own, so the concurrency pool never blocks.
final class LineReader: Sendable {
  private let handle: FileHandle

  init(_ handle: FileHandle) { self.handle = handle }

  /// The next line without its newline; throws at the end of the output.
  func next() async throws -> String {
    let handle = self.handle
    return try await RawConnection.onThread {
      var line = Data()
      while true {
        let byte = handle.readData(ofLength: 1)
        guard let value = byte.first else {
          throw RawConnection.Failure(description: "end of output")
        }
        if value == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
        line.append(value)
      }
    }
  }
}
