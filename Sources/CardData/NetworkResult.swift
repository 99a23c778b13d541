import CardDomain
import CardPrimitives
import Foundation

/// The outcome of one call to the card service, judged by ``judgeStatus(by:data:type:)``:
/// the seed's `NetworkResult`, under its own names.
///
/// The cases keep apart what callers handle differently: a refusal they can show (a 4xx), a
/// reply that breaks the contract (a bug: a body that is not the envelope, a payload of the
/// wrong shape or against the rules, an unexpected status), a server fault (a 5xx), and a
/// call that got no HTTP response. Leaving the Data layer, a failure becomes the
/// `CardDomain.CardError` case of the same name (`get()`).
public enum NetworkResult<Value> {
  case success(Value)
  /// The envelope's message, or a standard phrase such as `not found`.
  case requestErr(message: String, status: Int)
  case pathErr(reason: String)
  case serverErr(status: Int, message: String?)
  case networkFail(reason: String)
}

extension NetworkResult: Sendable where Value: Sendable {}
extension NetworkResult: Equatable where Value: Equatable {}
extension NetworkResult: Hashable where Value: Hashable {}

extension NetworkResult {
  package consuming func get() throws(CardError) -> Value {
    switch self {
    case .success(let value): value
    case .requestErr(let message, let status): throw .requestErr(message: message, status: status)
    case .pathErr(let reason): throw .pathErr(reason: reason)
    case .serverErr(let status, let message): throw .serverErr(status: status, message: message)
    case .networkFail(let reason): throw .networkFail(reason: reason)
    }
  }

  /// Maps a success's payload to an entity, such as `tryMap { try $0.card() }`; a payload
  /// that breaks the contract's rules becomes ``pathErr(reason:)``.
  package consuming func tryMap<NewValue>(
    _ transform: (Value) throws(WireMappingError) -> NewValue
  ) -> NetworkResult<NewValue> {
    switch self {
    case .success(let value):
      do throws(WireMappingError) {
        return .success(try transform(value))
      } catch {
        return .pathErr(reason: error.reason)
      }
    case .requestErr(let message, let status): return .requestErr(message: message, status: status)
    case .pathErr(let reason): return .pathErr(reason: reason)
    case .serverErr(let status, let message): return .serverErr(status: status, message: message)
    case .networkFail(let reason): return .networkFail(reason: reason)
    }
  }
}

/// Judges one HTTP response of the card service: the status decides first, the body second.
///
/// | status | result |
/// | --- | --- |
/// | 2xx, the envelope with `success: true` and `data` that decodes as `T` | `success(T)` |
/// | 2xx, anything else | `pathErr`, with a reason that says what was wrong |
/// | 4xx | `requestErr`: the envelope's message, or a phrase such as `not found` |
/// | 5xx | `serverErr`: the envelope's message, or `nil` (an HTML page is fine) |
/// | 1xx, 3xx, anything else | `pathErr("unexpected status N")` |
///
/// A 2xx body is decoded once, as `GenericResponse<T>`, whether it succeeds or fails: the
/// reason is built from that decode's error, never by reading the body again. A `null` or
/// absent `data` is a success only when `T` decodes from `null` (`NoPayload`, an
/// optional). Reasons never quote the body, so no token leaks.
public func judgeStatus<T: Decodable>(
  by statusCode: Int, data: Data, type: T.Type
) -> NetworkResult<T> {
  judgeStatus(of: HTTPResponse(status: statusCode, body: data), type: type)
}

/// ``judgeStatus(by:data:type:)`` on a whole reply, which also reads the header fields that
/// change what a status means to a person: a `429` with `Retry-After` in seconds is a
/// `requestErr` whose message ends with the wait, such as `…; try again in 42 s`. The request
/// is not sent again by itself (`RetryPolicy` leaves 429 out).
///
/// `refusingRepeatedKeys` makes a 2xx body that decoded, but names a key twice in one object
/// (`CardPrimitives.RepeatedJSONKey`), a `pathErr`: the decoder keeps the first value where
/// a proxy may keep the last. The token replies ask for it; card replies, which name no one,
/// do not (docs/performance.md).
public func judgeStatus<T: Decodable>(
  of reply: HTTPResponse, type: T.Type, refusingRepeatedKeys: Bool = false
) -> NetworkResult<T> {
  let (status, body) = (reply.status, reply.body)
  switch status {
  case 200..<300:
    return judgeSuccess(
      status: status, body: body, type: type, refusingRepeatedKeys: refusingRepeatedKeys)
  case 400..<500:
    var message = envelopeMessage(in: body) ?? ReplyShape.phrase(forStatus: status)
    if status == 429, let seconds = reply.retryAfterSeconds {
      message += "; try again in \(seconds) s"
    }
    return .requestErr(message: message, status: status)
  case 500..<600:
    return .serverErr(status: status, message: envelopeMessage(in: body))
  default:
    return .pathErr(reason: "unexpected status \(status)")
  }
}

extension CardError {
  /// A call that got no HTTP response: `networkFail`, with the transport's message (its kind
  /// when the message is empty). A reply refused as too large or compressed is a reply that
  /// breaks the contract: `pathErr`.
  package init(noResponse error: TransportError) {
    let reason = error.message.isEmpty ? error.kind.rawValue : error.message
    self = error.kind == .replyRefused ? .pathErr(reason: reason) : .networkFail(reason: reason)
  }
}

/// The envelope every reply body is wrapped in, success or failure:
/// `{"status": 200, "success": true, "message": "card fetched", "data": …}`. The `status`
/// repeats the HTTP status for information only; `data` is `nil` when `null` or absent, and
/// is not read at all when `success` is false: a failure's payload has no shape to break.
package struct GenericResponse<T: Decodable>: Decodable {
  package var status: Int
  package var success: Bool
  package var message: String
  package var data: T?

  fileprivate enum CodingKeys: String, CodingKey { case status, success, message, data }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    status = try container.decode(Int.self, forKey: .status)
    success = try container.decode(Bool.self, forKey: .success)
    message = try container.decode(String.self, forKey: .message)
    data = success ? try container.decodeIfPresent(T.self, forKey: .data) : nil
  }
}

extension GenericResponse: Sendable where T: Sendable {}
extension GenericResponse: Equatable where T: Equatable {}

/// The payload of replies whose `data` is always `null`: `cardDelete` and `logout`. It
/// decodes only from `null`, so a reply that unexpectedly carries data breaks the contract.
package struct NoPayload: Decodable, Hashable, Sendable {
  package init() {}

  package init(from decoder: any Decoder) throws {
    guard try decoder.singleValueContainer().decodeNil() else {
      throw DecodingError.typeMismatch(
        NoPayload.self,
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected null"))
    }
  }
}

/// A reply that decodes but breaks one of the contract's rules, such as an `mbti` that is
/// not four letters: the field as the wire names it, and a reason of at most 200 characters
/// that never holds a token. ``NetworkResult/tryMap(_:)`` makes it a `pathErr`.
package struct WireMappingError: Error, Hashable, Sendable, CustomStringConvertible {
  package let field: String
  package let reason: String

  package init(field: String, reason: String) {
    self.field = field
    self.reason = reason.truncated(to: 200)
  }

  package var description: String { reason }
}

/// One decoder for every reply: it keeps no state between decodes.
private let replyDecoder = JSONDecoder()

private func judgeSuccess<T: Decodable>(
  status: Int, body: Data, type: T.Type, refusingRepeatedKeys: Bool
) -> NetworkResult<T> {
  // A blank body is described without decoding it, which would take longer than a large
  // one takes to arrive.
  guard ReplyShape.firstSignificantByte(of: body) != nil else {
    let shape = ReplyShape.describeBlank(body)
    return .pathErr(reason: "status \(status): the body is not the envelope: \(shape)")
  }
  let envelope: GenericResponse<T>
  do {
    envelope = try replyDecoder.decode(GenericResponse<T>.self, from: body)
  } catch {
    return .pathErr(reason: "status \(status): " + whyNot(body, decodes: T.self, error))
  }
  if refusingRepeatedKeys {
    do {
      try RepeatedJSONKey.check(body)
    } catch {
      return .pathErr(reason: "status \(status): " + ReplyShape.describe(error))
    }
  }
  guard envelope.success else {
    let message = ReplyShape.excerpt(of: envelope.message)
    return .pathErr(reason: "status \(status): the envelope says success: false (\(message))")
  }
  if let value = (consume envelope).data
    ?? (try? replyDecoder.decode(T.self, from: Data("null".utf8)))
  {
    return .success(value)
  }
  return .pathErr(reason: "status \(status): data is null; expected \(T.self)")
}

/// Why a 2xx body did not decode as the envelope around `T`, from the error alone, so that a
/// large reply is not read twice. The envelope decodes `data` last, and only when `success`
/// is true, so an error under `data` means the rest was the envelope of a success.
private func whyNot<T: Decodable>(
  _ body: Data, decodes type: T.Type, _ error: any Error
) -> String {
  let underData =
    ReplyShape.codingPath(of: error).first?.stringValue
    == GenericResponse<T>.CodingKeys.data.stringValue
  guard underData else {
    return "the body is not the envelope: \(ReplyShape.describeNonEnvelope(body, error))"
  }
  return "data does not decode as \(T.self): \(ReplyShape.describe(error))"
}

/// The message of an envelope body; `nil` for another body or a blank message.
private func envelopeMessage(in body: Data) -> String? {
  guard let header = try? replyDecoder.decode(GenericResponse<AnyPayload>.self, from: body),
    !header.message.isBlank
  else { return nil }
  return header.message
}

/// Whatever `data` holds, when an envelope is read only for its `success` and `message`.
private struct AnyPayload: Decodable {
  init(from decoder: any Decoder) {}
}
