/// The standard reason phrases of client errors (RFC 9110 §15.5), lowercased to read as a
/// message: what ``judgeStatus(by:data:type:)`` reports when a 4xx body has no message.
enum HTTPStatusPhrase {
  /// The phrase for `status`, or `HTTP <status>` for a code without a standard phrase.
  static func phrase(for status: Int) -> String {
    phrases[status] ?? "HTTP \(status)"
  }

  private static let phrases: [Int: String] = [
    400: "bad request",
    401: "unauthorized",
    402: "payment required",
    403: "forbidden",
    404: "not found",
    405: "method not allowed",
    406: "not acceptable",
    407: "proxy authentication required",
    408: "request timeout",
    409: "conflict",
    410: "gone",
    411: "length required",
    412: "precondition failed",
    413: "content too large",
    414: "URI too long",
    415: "unsupported media type",
    416: "range not satisfiable",
    417: "expectation failed",
    421: "misdirected request",
    422: "unprocessable content",
    426: "upgrade required",
    428: "precondition required",
    429: "too many requests",
    431: "request header fields too large",
    451: "unavailable for legal reasons",
  ]
}
