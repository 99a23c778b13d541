import Foundation

/// The server's one line per request: `GET /cards 200 3.2 ms`. It names the method, the path
/// without its query, the status (or `closed` when the offline sandbox closed the connection)
/// and the time from the request's head to its answer; after a failure of the server's own
/// (a state file it cannot read or write), the cause with every path, which the client's
/// answer leaves out: `POST /auth/login 500 1.2 ms: the sandbox state file /…`. No header or
/// body is ever in it, so no token is: the contract carries tokens in `Authorization` and in
/// bodies only.
enum RequestLog {
  static func line(
    method: String, target: String, outcome: String, duration: Duration, detail: String? = nil
  ) -> String {
    let path = target.prefix { $0 != "?" && $0 != "#" }
    let tenths = tenthsOfMilliseconds(duration)
    let line =
      "\(escaped(method)) \(escaped(String(path))) \(outcome) \(tenths / 10).\(tenths % 10) ms"
    return detail.map { line + ": " + escaped($0, keepingSpaces: true) } ?? line
  }

  /// Rounded to the nearest tenth, halves up.
  private static func tenthsOfMilliseconds(_ duration: Duration) -> Int64 {
    let attosecondsPerTenth: Int64 = 100_000_000_000_000
    let (seconds, attoseconds) = duration.components
    return seconds * 10_000 + (attoseconds + attosecondsPerTenth / 2) / attosecondsPerTenth
  }

  /// Bytes outside printable ASCII written as `%XX`, so a hostile path cannot forge a line or
  /// drive a terminal.
  private static func escaped(_ text: String, keepingSpaces: Bool = false) -> String {
    var result = ""
    for byte in text.utf8 {
      if (0x21...0x7E).contains(byte) || (keepingSpaces && byte == 0x20) {
        result.append(Character(Unicode.Scalar(byte)))
      } else {
        result += String(format: "%%%02X", byte)
      }
    }
    return result
  }
}
