import Foundation

/// Encodes a ``MultipartFormData`` form as a `multipart/form-data` body (RFC 7578).
///
/// The body's length is computed first, from the in-memory parts and the file parts' sizes
/// on disk. A body up to ``memoryThreshold`` bytes is built in memory; a larger one is
/// written to a temporary file, with file parts streamed ``chunkSize`` bytes at a time, so
/// memory use does not grow with the size of the files.
public struct MultipartEncoder: Sendable {
  /// The largest body, in bytes, kept in memory; a larger body (which includes any body with
  /// a file part larger than this) goes to a temporary file. 10 MiB by default.
  public var memoryThreshold: Int64
  /// Where temporary files for large bodies are created.
  public var temporaryDirectory: URL
  /// How many bytes of a file part are read at a time; values below 1 are treated as 1.
  public var chunkSize: Int

  /// Creates an encoder.
  public init(
    memoryThreshold: Int64 = 10 * 1024 * 1024,
    temporaryDirectory: URL = FileManager.default.temporaryDirectory,
    chunkSize: Int = 64 * 1024
  ) {
    self.memoryThreshold = memoryThreshold
    self.temporaryDirectory = temporaryDirectory
    self.chunkSize = chunkSize
  }

  /// Encodes `form`. A body kept in memory comes back as `.data`; a larger one as
  /// `.file(url, length:)` with ``EncodedMultipartBody/temporaryFile`` set, which the caller
  /// removes after the request. On failure no temporary file is left behind.
  public func encode(
    _ form: MultipartFormData
  ) throws(MultipartEncodingError) -> EncodedMultipartBody {
    let layout = try MultipartLayout(form: form)
    let chunkSize = max(chunkSize, 1)
    guard layout.length > memoryThreshold else {
      var sink = InMemoryMultipartSink(capacity: layout.length)
      try MultipartBodyWriter.write(layout, into: &sink, chunkSize: chunkSize)
      return EncodedMultipartBody(
        body: .data(sink.data), contentType: form.contentType, temporaryFile: nil)
    }
    var sink = try TemporaryFileSink(in: temporaryDirectory)
    do {
      try MultipartBodyWriter.write(layout, into: &sink, chunkSize: chunkSize)
      try sink.finish()
    } catch {
      sink.discard()
      throw error
    }
    return EncodedMultipartBody(
      body: .file(sink.url, length: layout.length), contentType: form.contentType,
      temporaryFile: sink.url)
  }
}
