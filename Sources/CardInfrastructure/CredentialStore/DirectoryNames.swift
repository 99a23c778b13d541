#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The names in a directory, for sweeping the temporary files of writers that died.
enum DirectoryNames {
  /// The names in `directory` that start with `prefix`; none when it cannot be read.
  static func starting(with prefix: String, in directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(prefix) { names.append(name) }
    }
    return names
  }
}
