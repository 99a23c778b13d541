import CardDomain

/// The body of `login`: `{"userId": "...", "password": "..."}`. Printing it never shows the
/// password.
public struct LoginRequestDTO: Codable, Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The account name.
  public var userId: String
  /// The password; it shows itself only when encoded.
  public var password: Password

  /// Creates the body for an account and its password.
  public init(userID: UserID, password: Password) {
    self.userId = userID.rawValue
    self.password = password
  }

  private enum CodingKeys: String, CodingKey {
    case userId
    case password
  }

  /// Decodes the body; an empty password is a data-corrupted error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    userId = try container.decode(String.self, forKey: .userId)
    do {
      password = try Password(container.decode(String.self, forKey: .password))
    } catch let error as ValidationError {
      throw DecodingError.dataCorruptedError(
        forKey: .password, in: container, debugDescription: error.description)
    }
  }

  /// Encodes the account name and the revealed password.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(userId, forKey: .userId)
    try container.encode(password.revealed, forKey: .password)
  }

  /// The account name; the password is redacted.
  public var description: String { "LoginRequestDTO(userId: \(userId), password: <redacted>)" }
  /// Same as ``description``.
  public var debugDescription: String { description }
  /// A mirror that shows the account name only.
  public var customMirror: Mirror { Mirror(self, children: ["userId": userId]) }
}
