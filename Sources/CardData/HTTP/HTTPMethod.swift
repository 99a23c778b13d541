/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The method token, such as `GET`.
  public let rawValue: String

  /// Wraps a method token.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// `GET`.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `POST`.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `DELETE`.
  public static let delete = HTTPMethod(rawValue: "DELETE")
  /// `HEAD`.
  public static let head = HTTPMethod(rawValue: "HEAD")
  /// `OPTIONS`.
  public static let options = HTTPMethod(rawValue: "OPTIONS")
  /// `PATCH`.
  public static let patch = HTTPMethod(rawValue: "PATCH")

  /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2),
  /// which is what makes it safe to retry.
  public var isIdempotent: Bool {
    [Self.get, .put, .delete, .head, .options].contains(self)
  }

  /// The method token.
  public var description: String { rawValue }
}
