import Foundation

/// What keeps a web page open on the developer's machine from driving the admin path: the
/// loopback check (``LoopbackPolicy``) does not, since the browser itself is on loopback.
///
/// - A request carrying `Origin` is refused, whatever its method: browsers send that header
///   with every cross-origin request and with every `POST` or `DELETE` from a page, and
///   `curl`, `card-repl` and the tests never do.
/// - A request that changes the sandbox (any method but `GET` and `HEAD`) must say
///   `Content-Type: application/json`, with or without a body: a page can send a `POST`
///   without asking the server first (a CORS preflight, which this server never grants) only
///   with no type or with `text/plain`, a form or multipart, so a browser that sent no
///   `Origin` still cannot send this one.
///
/// `GET /_sandbox/faults` needs no type: it changes nothing, and a page cannot read the
/// answer without CORS.
enum CrossSitePolicy {
  /// The refusal for a request with these headers, or `nil` when it may go on.
  static func refusal(method: String, origin: String?, contentType: String?)
    -> AdminOperation.Refusal?
  {
    if origin != nil {
      return AdminOperation.Refusal(
        status: 403,
        message:
          "the admin path refuses requests that carry Origin, as a web page's do; "
          + "send it from curl or card-repl")
    }
    guard method != "GET", method != "HEAD" else { return nil }
    guard let contentType, isJSON(contentType) else {
      return AdminOperation.Refusal(
        status: 415,
        message:
          "an admin request that changes the sandbox needs Content-Type: application/json, "
          + "as in curl -H 'Content-Type: application/json' -d '{}'")
    }
    return nil
  }

  /// `application/json` in any case, with parameters such as `; charset=utf-8` or without.
  private static func isJSON(_ contentType: String) -> Bool {
    let mediaType = contentType.prefix { $0 != ";" }
      .trimmingCharacters(in: .whitespaces).lowercased()
    return mediaType == "application/json"
  }
}
