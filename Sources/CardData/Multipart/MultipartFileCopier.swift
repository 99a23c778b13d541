import Foundation

/// Streams a file part's bytes into a sink in fixed-size chunks, so that at most one chunk
/// of the file is in memory at a time, and checks that the file still has the length it
/// was measured at.
enum MultipartFileCopier {
  /// Copies the `expectedLength` bytes of the file at `url` into `sink`, `chunkSize` bytes
  /// at a time; throws if the file cannot be read, ends early, or has bytes left over.
  static func copy<Sink: MultipartByteSink>(
    fileAt url: URL, expectedLength: Int64, chunkSize: Int, into sink: inout Sink
  ) throws(MultipartEncodingError) {
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch {
      throw MultipartEncodingError(
        .unreadableFile, path: url.path, reason: failureReason(of: error))
    }
    defer { try? handle.close() }

    var remaining = expectedLength
    while remaining > 0 {
      // `chunk` is scoped to one iteration: its buffer is freed before the next read.
      let chunk = try read(upTo: Int(min(Int64(chunkSize), remaining)), from: handle, at: url)
      guard !chunk.isEmpty else {
        throw MultipartEncodingError(
          .fileChangedWhileReading, path: url.path,
          reason: "it ended after \(expectedLength - remaining) of \(expectedLength) bytes")
      }
      try sink.write(chunk)
      remaining -= Int64(chunk.count)
    }
    guard try read(upTo: 1, from: handle, at: url).isEmpty else {
      throw MultipartEncodingError(
        .fileChangedWhileReading, path: url.path,
        reason: "it grew beyond the \(expectedLength) bytes it had when measured")
    }
  }

  /// The next at most `count` bytes; empty at the end of the file.
  private static func read(
    upTo count: Int, from handle: FileHandle, at url: URL
  ) throws(MultipartEncodingError) -> Data {
    do {
      return try handle.read(upToCount: count) ?? Data()
    } catch {
      throw MultipartEncodingError(
        .unreadableFile, path: url.path, reason: failureReason(of: error))
    }
  }
}
