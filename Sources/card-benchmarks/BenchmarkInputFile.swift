import Foundation

/// Creates benchmark input files without holding them in memory.
enum BenchmarkInputFile {
  /// Writes a file of `mebibytes` MiB at `url`, one reused 1 MiB buffer of varied bytes at a
  /// time, so that reading it back costs real I/O rather than the zero pages of a sparse file.
  static func write(mebibytes: Int, to url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let mebibyte = Data((0..<(1 << 20)).map { UInt8($0 % 251) })
    for _ in 0..<mebibytes {
      try handle.write(contentsOf: mebibyte)
    }
  }
}
