import Foundation

extension HTTPResponse {
  /// The wait the `Retry-After` field asks for in its delay-seconds form (RFC 9110 §10.2.3:
  /// digits only, surrounding spaces allowed); `nil` when the field is absent, in the
  /// HTTP-date form, or too large for an `Int`.
  package var retryAfterSeconds: Int? {
    guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces),
      !value.isEmpty,
      value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return Int(value)
  }
}
