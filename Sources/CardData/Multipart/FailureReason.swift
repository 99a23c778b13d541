import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A short reason for a failed file operation, for ``MultipartEncodingError/reason``: the
/// operating system's words (such as "No such file or directory") when the error carries an
/// `errno`, the error's own description otherwise.
func failureReason(of error: any Error) -> String {
  let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error
  if let posixError = (underlying ?? error) as? POSIXError {
    return failureReason(errno: posixError.code.rawValue)
  }
  return (error as NSError).localizedDescription
}

/// The operating system's description of an `errno` value.
func failureReason(errno code: Int32) -> String {
  String(cString: strerror(code))
}
