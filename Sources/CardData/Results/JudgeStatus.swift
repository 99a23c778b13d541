import Foundation

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
/// A `null` or absent `data` is a success only when `T` itself decodes from `null`:
/// ``NoPayload`` or an optional. The envelope's own `status` member is not compared with
/// `statusCode`. Reasons describe the body's shape and never quote it, so no token leaks
/// into a log.
///
/// A free function under the name its callers know; ``NetworkResult`` stays a plain value.
public func judgeStatus<T: Decodable>(
  by statusCode: Int, data: Data, type: T.Type
) -> NetworkResult<T> {
  switch statusCode {
  case 200..<300:
    return judgeSuccess(status: statusCode, body: data, type: type)
  case 400..<500:
    let message = envelopeMessage(in: data) ?? HTTPStatusPhrase.phrase(for: statusCode)
    return .requestErr(message: message, status: statusCode)
  case 500..<600:
    return .serverErr(status: statusCode, message: envelopeMessage(in: data))
  default:
    return .pathErr(reason: "unexpected status \(statusCode)")
  }
}

/// Judges a call that got no HTTP response at all: always `networkFail`, whose reason is
/// the transport's message (or its kind when the message is empty).
public func judgeStatus<T>(
  transportError: TransportError, type: T.Type = T.self
) -> NetworkResult<T> {
  let reason =
    transportError.message.isEmpty ? transportError.kind.rawValue : transportError.message
  return .networkFail(reason: reason)
}

private func judgeSuccess<T: Decodable>(
  status: Int, body: Data, type: T.Type
) -> NetworkResult<T> {
  let decoder = JSONDecoder()
  let header: EnvelopeHeader
  do {
    header = try decoder.decode(EnvelopeHeader.self, from: body)
  } catch {
    let shape = ReplyShape.describeNonEnvelope(body, error)
    return .pathErr(reason: "status \(status): the body is not the envelope: \(shape)")
  }
  guard header.success else {
    let message = ReplyShape.excerpt(of: header.message)
    return .pathErr(reason: "status \(status): the envelope says success: false (\(message))")
  }
  let typeName = String(describing: T.self)
  let envelope: GenericResponse<T>
  do {
    envelope = try decoder.decode(GenericResponse<T>.self, from: body)
  } catch {
    let problem = ReplyShape.describe(error)
    return .pathErr(reason: "status \(status): data does not decode as \(typeName): \(problem)")
  }
  if let value = envelope.data ?? (try? decoder.decode(T.self, from: Data("null".utf8))) {
    return .success(value)
  }
  return .pathErr(reason: "status \(status): data is null; expected \(typeName)")
}

/// The message of an envelope body, or `nil` when the body is not the envelope or its
/// message is blank.
private func envelopeMessage(in body: Data) -> String? {
  guard let header = try? JSONDecoder().decode(EnvelopeHeader.self, from: body),
    !header.message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
  else { return nil }
  return header.message
}
