import CardData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file descriptor and the few POSIX calls the store makes on it. Failures become
/// ``CardData/CredentialStoreError/Kind/unavailable`` errors naming the call, the path and
/// the system's reason.
struct PosixFile {
  /// The descriptor; owned by this value until ``close()``.
  let descriptor: Int32
  /// The path it was opened at, for messages.
  let path: String

  /// Opens `path` with `flags` (close-on-exec is always added); `mode` applies when creating.
  init(opening path: String, flags: Int32, mode: mode_t = 0o600) throws(CredentialStoreError) {
    guard let file = try Self.open(path, flags: flags, mode: mode, missingIsNil: false) else {
      throw Self.failure("open", path, errno: ENOENT)
    }
    self = file
  }

  /// Opens `path` for reading without following a symbolic link; `nil` when nothing is there.
  /// `O_NONBLOCK` keeps a FIFO planted at `path` from blocking the open; callers check that
  /// what they opened is a regular file.
  static func openForReadingIfPresent(_ path: String) throws(CredentialStoreError) -> PosixFile? {
    try open(path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK, mode: 0, missingIsNil: true)
  }

  private static func open(
    _ path: String, flags: Int32, mode: mode_t, missingIsNil: Bool
  ) throws(CredentialStoreError) -> PosixFile? {
    while true {
      #if canImport(Darwin)
        let descriptor = Darwin.open(path, flags | O_CLOEXEC, mode)
      #elseif canImport(Glibc)
        let descriptor = Glibc.open(path, flags | O_CLOEXEC, mode)
      #else
        let descriptor = Musl.open(path, flags | O_CLOEXEC, mode)
      #endif
      if descriptor >= 0 { return PosixFile(descriptor: descriptor, path: path) }
      let code = errno
      if code == EINTR { continue }
      if code == ENOENT && missingIsNil { return nil }
      if code == ELOOP {
        throw CredentialStoreError(
          .unavailable, "\(path) is a symbolic link, which is not accepted")
      }
      throw failure("open", path, errno: code)
    }
  }

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  /// The file's type, permission bits, owner and size.
  func status() throws(CredentialStoreError) -> stat {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Self.failure("stat", path, errno: errno) }
    return info
  }

  /// Reads to the end of the file; `nil` if it is longer than `limit` bytes.
  func readAll(limit: Int) throws(CredentialStoreError) -> [UInt8]? {
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return contents }
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.failure("read", path, errno: errno)
      }
      contents.append(contentsOf: chunk[..<count])
      if contents.count > limit { return nil }
    }
  }

  /// Writes every byte, retrying short and interrupted writes.
  func writeAll(_ bytes: [UInt8]) throws(CredentialStoreError) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.failure("write", path, errno: errno)
      }
      offset += count
    }
  }

  /// Sets the permission bits exactly, whatever the process's umask.
  func setPermissions(_ mode: mode_t) throws(CredentialStoreError) {
    guard fchmod(descriptor, mode) == 0 else { throw Self.failure("chmod", path, errno: errno) }
  }

  /// Flushes the file to stable storage (`F_FULLFSYNC` on Apple platforms, where `fsync`
  /// stops at the drive's cache).
  func synchronize() throws(CredentialStoreError) {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    while fsync(descriptor) != 0 {
      if errno == EINTR { continue }
      throw Self.failure("fsync", path, errno: errno)
    }
  }

  /// Closes the descriptor; a failure matters only for a file that was written.
  func close() throws(CredentialStoreError) {
    #if canImport(Darwin)
      let result = Darwin.close(descriptor)
    #elseif canImport(Glibc)
      let result = Glibc.close(descriptor)
    #else
      let result = Musl.close(descriptor)
    #endif
    // After EINTR the descriptor is released on Linux and Darwin; retrying could close another.
    guard result == 0 || errno == EINTR else { throw Self.failure("close", path, errno: errno) }
  }

  /// Closes the descriptor of a file that was only read or locked.
  func closeIgnoringErrors() { try? close() }

  /// An ``CardData/CredentialStoreError/Kind/unavailable`` error for a failed call.
  static func failure(_ call: String, _ path: String, errno code: Int32) -> CredentialStoreError {
    CredentialStoreError(.unavailable, "\(call) \(path) failed: \(String(cString: strerror(code)))")
  }
}

extension stat {
  /// Whether this is a regular file.
  var isRegularFile: Bool { st_mode & S_IFMT == S_IFREG }
  /// Whether this is a directory.
  var isDirectory: Bool { st_mode & S_IFMT == S_IFDIR }
  /// The permission bits (`rwx` for owner, group and others).
  var permissions: mode_t { st_mode & 0o777 }
  /// The last modification, in whole seconds since 1970.
  var modificationSeconds: Int {
    #if canImport(Darwin)
      Int(st_mtimespec.tv_sec)
    #else
      Int(st_mtim.tv_sec)
    #endif
  }
}
