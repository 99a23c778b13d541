/// Every way a card flow can fail. The first four cases are the contract's `NetworkResult`
/// failures under the same names, so a failure keeps its name from the wire to the user;
/// the others never reached a server, or ended a session.
public enum CardError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The server understood the request and refused it: a 4xx.
  case requestErr(message: String, status: Int)
  /// The reply breaks the contract: not the envelope, a payload of the wrong shape, a value
  /// that breaks a rule, an unexpected status.
  case pathErr(reason: String)
  /// The server failed: a 5xx.
  case serverErr(status: Int, message: String?)
  /// No HTTP response arrived: no connection, a timeout, a TLS failure.
  case networkFail(reason: String)
  case signedOut
  /// The session ended and could not be renewed; sign in again.
  case sessionExpired(reason: String)
  case invalidInput(ValidationError)
  /// The stored session could not be read or written (a tampered or unreadable store).
  case credentialStorage(reason: String)
  case cancelled

  public var description: String {
    switch self {
    case .requestErr(let message, let status): "\(message) (\(status))"
    case .pathErr(let reason): "the reply does not match the contract: \(reason)"
    case .serverErr(let status, let message):
      message.map { "\($0) (\(status))" } ?? "the server failed (\(status))"
    case .networkFail(let reason): reason
    case .signedOut: "not signed in; use login first"
    case .sessionExpired(let reason): "session expired: \(reason); sign in again"
    case .invalidInput(let error): error.description
    case .credentialStorage(let reason): "the session store failed: \(reason)"
    case .cancelled: "cancelled"
    }
  }
}

/// Why input was rejected before any request was sent; ``description`` says it for people.
public enum ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
  case emptyName
  case emptyUserID
  case emptyPassword
  case emptyCardID
  case invalidMBTI(String)
  case invalidBirthday(String)
  case defaultImageOutOfRange(Int)
  case tooManyTMIs(count: Int)
  case blankTMI
  case invalidLink(String)
  case imageTooLarge(byteCount: Int64)
  case imageContentMismatch(declared: ImageMIMEType)
  case notAnImage(path: String)
  case emptyImageFilename
  case imageUnreadable(path: String, reason: String)
  case emptyCardOrder
  case duplicateCardIDs([CardID])
  case emptySearchText
  /// `count` is in Unicode scalars, as ``CardSearch/maximumTextLength`` is.
  case searchTextTooLong(count: Int)
  /// Input that passed validation but could not be read when the request was built, such as
  /// an image file removed in the meantime.
  case unreadableInput(String)

  public var description: String {
    switch self {
    case .emptyName: "name must not be empty"
    case .emptyUserID: "user id must not be empty"
    case .emptyPassword: "password must not be empty"
    case .emptyCardID: "card id must not be empty"
    case .invalidMBTI(let text): "mbti must be four letters from E/I, S/N, T/F, J/P, not '\(text)'"
    case .invalidBirthday(let text): "birthday must be a real date as YYYY-MM-DD, not '\(text)'"
    case .defaultImageOutOfRange(let index): "defaultImage must be 0 to 5, not \(index)"
    case .tooManyTMIs(let count): "a card holds at most 3 tmi lines, not \(count)"
    case .blankTMI: "a tmi line must not be blank"
    case .invalidLink(let text): "link must be an absolute http or https URL, not '\(text)'"
    case .imageTooLarge(let byteCount):
      "image is \(byteCount) bytes; the limit is \(CardImage.maximumByteCount) bytes (10 MiB)"
    case .imageContentMismatch(let declared): "image bytes are not \(declared.rawValue)"
    case .notAnImage(let path):
      "image '\(path)' is not a JPEG or PNG file (judged by its contents, not its name)"
    case .emptyImageFilename: "image file name must not be empty"
    case .imageUnreadable(let path, let reason): "image '\(path)': \(reason)"
    case .emptyCardOrder: "a new order must name at least one card"
    case .duplicateCardIDs(let ids):
      "a new order names \(ids.map(\.rawValue).joined(separator: ", ")) more than once"
    case .emptySearchText: "search text must not be empty"
    case .searchTextTooLong(let count):
      "search text must be at most \(CardSearch.maximumTextLength) characters, not \(count)"
    case .unreadableInput(let reason): "the input could not be read: \(reason)"
    }
  }
}

/// Runs a validation and turns its failure into ``CardError/invalidInput(_:)``.
func validate<Value>(_ check: () throws(ValidationError) -> Value) throws(CardError) -> Value {
  do {
    return try check()
  } catch {
    throw .invalidInput(error)
  }
}
