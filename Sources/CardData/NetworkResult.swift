import CardDomain
import Foundation

/// The outcome of one call to the card service, judged from the HTTP status first and the
/// envelope second by ``judgeStatus(by:data:type:)``: the seed's `NetworkResult`, under its
/// own names.
///
/// The cases keep apart what callers handle differently: a refusal they can show, a reply
/// that breaks the contract (a bug), a server fault, and a call that never got an answer.
/// Leaving the Data layer, a failure becomes the ``CardDomain/CardError`` case of the same
/// name (``get()``), so no failure is renamed on its way to the user.
public enum NetworkResult<Value> {
  /// A 2xx whose envelope carried the expected payload.
  case success(Value)
  /// A 4xx: the envelope's message, or a standard phrase such as `not found`.
  case requestErr(message: String, status: Int)
  /// The reply breaks the contract: a 2xx body that is not the envelope, a payload of the
  /// wrong shape or one that breaks the contract's rules, or an unexpected status.
  case pathErr(reason: String)
  /// A 5xx; the envelope's message when the body is the envelope.
  case serverErr(status: Int, message: String?)
  /// No HTTP response arrived: no connection, timeout, TLS failure.
  case networkFail(reason: String)
}

extension NetworkResult: Sendable where Value: Sendable {}
extension NetworkResult: Equatable where Value: Equatable {}
extension NetworkResult: Hashable where Value: Hashable {}

extension NetworkResult {
  /// The payload, or the domain error of the same name.
  public func get() throws(CardError) -> Value {
    switch self {
    case .success(let value): value
    case .requestErr(let message, let status): throw .requestErr(message: message, status: status)
    case .pathErr(let reason): throw .pathErr(reason: reason)
    case .serverErr(let status, let message): throw .serverErr(status: status, message: message)
    case .networkFail(let reason): throw .networkFail(reason: reason)
    }
  }

  /// Maps the payload of a success to an entity; a payload that breaks the contract's rules
  /// becomes ``pathErr(reason:)`` with the mapping error's reason, and the other cases pass
  /// through.
  ///
  /// ```swift
  /// judgeStatus(by: status, data: body, type: CardDTO.self).tryMap { try $0.card() }
  /// ```
  public func tryMap<NewValue>(
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
/// A 2xx body is decoded once, as `GenericResponse<T>`; only a body that fails is looked at
/// again, to say why. A `null` or absent `data` is a success only when `T` itself decodes
/// from `null` (``NoPayload``, an optional). Reasons describe the body's shape and never
/// quote it, so no token leaks into a log.
public func judgeStatus<T: Decodable>(
  by statusCode: Int, data: Data, type: T.Type
) -> NetworkResult<T> {
  switch statusCode {
  case 200..<300:
    return judgeSuccess(status: statusCode, body: data, type: type)
  case 400..<500:
    let message = envelopeMessage(in: data) ?? ReplyShape.phrase(forStatus: statusCode)
    return .requestErr(message: message, status: statusCode)
  case 500..<600:
    return .serverErr(status: statusCode, message: envelopeMessage(in: data))
  default:
    return .pathErr(reason: "unexpected status \(statusCode)")
  }
}

/// Judges a call that got no HTTP response at all: always `networkFail`, with the
/// transport's message (or its kind when the message is empty).
public func judgeStatus<T>(transportError: TransportError, type: T.Type = T.self)
  -> NetworkResult<T>
{
  .networkFail(reason: reason(forNoResponse: transportError))
}

extension CardError {
  /// The failure of a call that got no HTTP response: `networkFail`, as
  /// ``judgeStatus(transportError:type:)`` judges it.
  package init(noResponse error: TransportError) {
    self = .networkFail(reason: reason(forNoResponse: error))
  }
}

private func reason(forNoResponse error: TransportError) -> String {
  error.message.isEmpty ? error.kind.rawValue : error.message
}

/// The envelope every reply body is wrapped in, success or failure:
/// `{"status": 200, "success": true, "message": "card fetched", "data": …}`.
public struct GenericResponse<T: Decodable>: Decodable {
  /// The HTTP status code, repeated. Informational: the response's own status decides.
  public var status: Int
  /// `true` for 2xx.
  public var success: Bool
  /// A sentence for people; on failure it says what was wrong.
  public var message: String
  /// The payload; `nil` when `data` is `null` (always so on failure) or absent.
  public var data: T?
}

extension GenericResponse: Sendable where T: Sendable {}
extension GenericResponse: Equatable where T: Equatable {}

/// The payload of replies whose `data` is always `null`: `cardDelete` and `logout`. It
/// decodes only from `null`, so a reply that unexpectedly carries data breaks the contract.
public struct NoPayload: Decodable, Hashable, Sendable {
  public init() {}

  public init(from decoder: any Decoder) throws {
    guard try decoder.singleValueContainer().decodeNil() else {
      throw DecodingError.typeMismatch(
        NoPayload.self,
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected null"))
    }
  }
}

/// A reply that decodes but breaks one of the contract's rules, such as an `mbti` that is
/// not four letters or an `expiresIn` of zero; ``NetworkResult/tryMap(_:)`` makes it a
/// `pathErr`.
public struct WireMappingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The offending field as the wire names it, such as `mbti`.
  public let field: String
  /// What is wrong and where, at most 200 characters; never a token.
  public let reason: String

  public init(field: String, reason: String) {
    self.field = field
    self.reason = reason.truncated(to: 200)
  }

  public var description: String { reason }
}

/// One decoder for every reply: it holds no state between decodes, and making one costs
/// about as much as mapping a card.
private let replyDecoder = JSONDecoder()

private func judgeSuccess<T: Decodable>(status: Int, body: Data, type: T.Type)
  -> NetworkResult<T>
{
  let envelope: GenericResponse<T>
  do {
    envelope = try replyDecoder.decode(GenericResponse<T>.self, from: body)
  } catch {
    return .pathErr(reason: "status \(status): " + whyNot(body, decodes: T.self, error))
  }
  guard envelope.success else {
    let message = ReplyShape.excerpt(of: envelope.message)
    return .pathErr(reason: "status \(status): the envelope says success: false (\(message))")
  }
  if let value = envelope.data ?? (try? replyDecoder.decode(T.self, from: Data("null".utf8))) {
    return .success(value)
  }
  return .pathErr(reason: "status \(status): data is null; expected \(T.self)")
}

/// Why a 2xx body did not decode as the envelope around `T`: not the envelope at all, an
/// envelope that says `success: false`, or `data` of another shape. Looked into only when
/// the one decode failed.
private func whyNot<T>(_ body: Data, decodes type: T.Type, _ error: any Error) -> String {
  let header: GenericResponse<NoPayload>.Header
  do {
    header = try replyDecoder.decode(GenericResponse<NoPayload>.Header.self, from: body)
  } catch {
    return "the body is not the envelope: \(ReplyShape.describeNonEnvelope(body, error))"
  }
  guard header.success else {
    return "the envelope says success: false (\(ReplyShape.excerpt(of: header.message)))"
  }
  return "data does not decode as \(T.self): \(ReplyShape.describe(error))"
}

/// The message of an envelope body, or `nil` when the body is not the envelope or its
/// message is blank.
private func envelopeMessage(in body: Data) -> String? {
  guard let header = try? replyDecoder.decode(GenericResponse<NoPayload>.Header.self, from: body),
    header.message.contains(where: { !$0.isWhitespace })
  else { return nil }
  return header.message
}

extension GenericResponse {
  /// The envelope without its payload: what a failure reply is read for.
  struct Header: Decodable {
    var status: Int
    var success: Bool
    var message: String
  }
}
