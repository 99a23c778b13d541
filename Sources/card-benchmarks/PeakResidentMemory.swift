import Foundation

#if canImport(Darwin)
  import Darwin
#endif

/// The process's peak resident set size (its memory high-water mark), in bytes.
enum PeakResidentMemory {
  /// The peak so far, or `nil` where the platform does not report it.
  static func bytes() -> Int64? {
    #if os(Linux)
      // `VmHWM:   12345 kB` in /proc/self/status.
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Int64($0) })
      else { return nil }
      return kibibytes * 1024
    #elseif canImport(Darwin)
      // Apple platforms report `ru_maxrss` in bytes.
      var usage = rusage()
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      return Int64(usage.ru_maxrss)
    #else
      return nil
    #endif
  }

  /// Lowers the peak to the current resident size, so that a later reading shows the peak
  /// of what runs in between rather than of earlier set-up work. Linux supports this
  /// (writing 5 to /proc/self/clear_refs); elsewhere it returns `false` and the peak stays.
  @discardableResult
  static func reset() -> Bool {
    #if os(Linux)
      guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else {
        return false
      }
      defer { try? handle.close() }
      return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    #else
      return false
    #endif
  }
}
