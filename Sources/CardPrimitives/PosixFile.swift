import Foundation

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

  package var reason: String { String(cString: strerror(code)) }

  package var description: String {
    if call == "open" && code == ELOOP {
      return "\(path) is a symbolic link, which is not accepted"
    }
    return "\(call) \(path) failed: \(reason)"
  }
}

/// An open file descriptor, owned until ``close()``. Every open adds `O_CLOEXEC`, every call
/// retries `EINTR`, and short reads and writes are continued.
package struct PosixFile: Sendable {
  package let descriptor: Int32
  package let path: String

  package init(opening path: String, flags: Int32, mode: mode_t = 0o600) throws(FileError) {
    let descriptor = retryingInterrupts { open(path, flags | O_CLOEXEC, mode) }
    guard descriptor >= 0 else { throw FileError("open", path) }
    self.descriptor = descriptor
    self.path = path
  }

  /// Opens `path` for reading without following a symbolic link; `nil` when nothing is there.
  /// `O_NONBLOCK` keeps a FIFO planted at `path` from blocking: callers check the file's type.
  package static func openForReadingIfPresent(_ path: String) throws(FileError) -> PosixFile? {
    do {
      return try PosixFile(opening: path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
    } catch let error where error.code == ENOENT {
      return nil
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
      let count = retryingInterrupts {
        chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      }
      guard count >= 0 else { throw FileError("read", path) }
      if count == 0 { return contents }
      contents.append(contentsOf: chunk[..<count])
      if contents.count > limit { return nil }
    }
  }

  package func writeAll(_ bytes: [UInt8]) throws(FileError) {
    var offset = 0
    while offset < bytes.count {
      let count = retryingInterrupts {
        bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      }
      guard count >= 0 else { throw FileError("write", path) }
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
    guard retryingInterrupts({ fsync(descriptor) }) == 0 else { throw FileError("fsync", path) }
  }

  /// A failure matters only for a file that was written.
  package func close() throws(FileError) {
    // After EINTR the descriptor is released on Linux and Darwin; retrying could close another.
    guard systemClose(descriptor) == 0 || errno == EINTR else { throw FileError("close", path) }
  }

  package func closeIgnoringErrors() { try? close() }
}

/// Calls `call` again while it fails with `EINTR`; a failure leaves its code in `errno`.
package func retryingInterrupts<Result: SignedInteger>(_ call: () -> Result) -> Result {
  while true {
    let result = call()
    if result >= 0 || errno != EINTR { return result }
  }
}

// The system call under a name that `PosixFile.close()` does not shadow.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

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

  /// Sixteen hex digits, so that concurrent writers never pick the same temporary name.
  package static func randomSuffix() -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = String(generator.next() as UInt64, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

extension stat {
  package var isRegularFile: Bool { st_mode & S_IFMT == S_IFREG }
  package var isDirectory: Bool { st_mode & S_IFMT == S_IFDIR }
  package var permissions: mode_t { st_mode & 0o777 }
  package var modificationSeconds: Int {
    #if canImport(Darwin)
      Int(st_mtimespec.tv_sec)
    #else
      Int(st_mtim.tv_sec)
    #endif
  }
}
