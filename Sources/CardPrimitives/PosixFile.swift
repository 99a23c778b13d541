#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call on a file that failed: the call, the path and the system's reason.
package struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
  package let call: String
  package let path: String
  package let code: Int32

  package init(_ call: String, _ path: String, code: Int32 = errno) {
    self.call = call
    self.path = path
    self.code = code
  }

  /// The system's words for ``code``, such as `Permission denied`.
  package var reason: String { String(cString: strerror(code)) }

  package var description: String {
    if call == "open" && code == ELOOP {
      return "\(path) is a symbolic link, which is not accepted"
    }
    return "\(call) \(path) failed: \(reason)"
  }
}

/// An open file descriptor and the few calls made on it; owned until ``close()``. Every open
/// adds `O_CLOEXEC`, every call retries `EINTR`, and short reads and writes are continued.
package struct PosixFile: Sendable {
  package let descriptor: Int32
  package let path: String

  /// Opens `path` with `flags`; `mode` applies when creating.
  package init(opening path: String, flags: Int32, mode: mode_t = 0o600) throws(FileError) {
    guard let file = try Self.open(path, flags: flags, mode: mode, missingIsNil: false) else {
      throw FileError("open", path, code: ENOENT)
    }
    self = file
  }

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  /// Opens `path` for reading without following a symbolic link; `nil` when nothing is there.
  /// `O_NONBLOCK` keeps a FIFO planted at `path` from blocking the open: callers check that
  /// what they opened is a regular file.
  package static func openForReadingIfPresent(_ path: String) throws(FileError) -> PosixFile? {
    try open(path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK, mode: 0, missingIsNil: true)
  }

  private static func open(
    _ path: String, flags: Int32, mode: mode_t, missingIsNil: Bool
  ) throws(FileError) -> PosixFile? {
    while true {
      let descriptor = systemOpen(path, flags | O_CLOEXEC, mode)
      if descriptor >= 0 { return PosixFile(descriptor: descriptor, path: path) }
      let code = errno
      if code == EINTR { continue }
      if code == ENOENT && missingIsNil { return nil }
      throw FileError("open", path, code: code)
    }
  }

  package func status() throws(FileError) -> stat {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw FileError("stat", path) }
    return info
  }

  /// Reads to the end of the file; `nil` if it holds more than `limit` bytes.
  package func readAll(limit: Int) throws(FileError) -> [UInt8]? {
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return contents }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileError("read", path)
      }
      contents.append(contentsOf: chunk[..<count])
      if contents.count > limit { return nil }
    }
  }

  package func writeAll(_ bytes: [UInt8]) throws(FileError) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileError("write", path)
      }
      offset += count
    }
  }

  /// Sets the permission bits exactly, whatever the process's umask.
  package func setPermissions(_ mode: mode_t) throws(FileError) {
    guard fchmod(descriptor, mode) == 0 else { throw FileError("chmod", path) }
  }

  /// Flushes the file to stable storage: `F_FULLFSYNC` on Apple platforms, where `fsync`
  /// stops at the drive's cache.
  package func synchronize() throws(FileError) {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    while fsync(descriptor) != 0 {
      if errno == EINTR { continue }
      throw FileError("fsync", path)
    }
  }

  /// A failure matters only for a file that was written.
  package func close() throws(FileError) {
    // After EINTR the descriptor is released on Linux and Darwin; retrying could close another.
    guard systemClose(descriptor) == 0 || errno == EINTR else { throw FileError("close", path) }
  }

  package func closeIgnoringErrors() { try? close() }
}

// The system calls under names that `PosixFile.open` and `PosixFile.close` do not shadow.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

/// Path and directory helpers for the file machinery.
package enum FileSystem {
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// `/a/b` is `/a` and `b`; `b` is `.` and `b`.
  package static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = slash == path.startIndex ? "/" : String(path[..<slash])
    return (directory, String(path[path.index(after: slash)...]))
  }

  /// The names in `directory` that start with `prefix`; none when it cannot be read.
  package static func names(startingWith prefix: String, in directory: String) -> [String] {
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

  /// Flushes a directory's entries (a rename or an unlink in it) to stable storage.
  package static func synchronizeDirectory(_ path: String) throws(FileError) {
    let directory = try PosixFile(opening: path, flags: O_RDONLY | O_DIRECTORY)
    defer { directory.closeIgnoringErrors() }
    try directory.synchronize()
  }

  /// Sixteen hexadecimal digits from the system's secure source, so that concurrent writers
  /// never pick the same temporary name.
  package static func randomSuffix() -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = String(generator.next() as UInt64, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

extension stat {
  package var isRegularFile: Bool { st_mode & S_IFMT == S_IFREG }
  package var isDirectory: Bool { st_mode & S_IFMT == S_IFDIR }
  /// The `rwx` bits for owner, group and others.
  package var permissions: mode_t { st_mode & 0o777 }
  /// Whole seconds since 1970.
  package var modificationSeconds: Int {
    #if canImport(Darwin)
      Int(st_mtimespec.tv_sec)
    #else
      Int(st_mtim.tv_sec)
    #endif
  }
}
