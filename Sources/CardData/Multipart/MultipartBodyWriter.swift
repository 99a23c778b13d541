import Foundation

/// Writes a laid-out body into a sink, segment by segment, streaming file parts.
enum MultipartBodyWriter {
  /// Writes every segment of `layout` into `sink`, reading files `chunkSize` bytes at a time.
  static func write<Sink: MultipartByteSink>(
    _ layout: MultipartLayout, into sink: inout Sink, chunkSize: Int
  ) throws(MultipartEncodingError) {
    for segment in layout.segments {
      switch segment {
      case .bytes(let bytes):
        try sink.write(bytes)
      case .file(let url, let length):
        try MultipartFileCopier.copy(
          fileAt: url, expectedLength: length, chunkSize: chunkSize, into: &sink)
      }
    }
  }
}
