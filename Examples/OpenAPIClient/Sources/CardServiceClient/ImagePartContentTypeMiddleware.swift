import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Gives the `image` part of a `cardCreation` form the content type of the bytes it carries,
/// `image/png` or `image/jpeg`, which is what the contract asks for.
///
/// The contract lets that part be either type (its `encoding` lists both). The generator
/// sends one content type per part, fixed when it generates the code, and for a part that
/// lists more than one it falls back to the part's schema, `application/octet-stream`
/// (apple/swift-openapi-generator#594), which the server refuses with `415`. Until the
/// generator can take a part's content type from the caller, this middleware reads the
/// image's signature and rewrites that one header. A part whose bytes are neither a PNG nor
/// a JPEG is sent as it was, so the server's `415` still tells the caller what was wrong.
///
/// It holds the form in memory to rewrite it: at most ``bodyLimit`` bytes, the server's
/// own limit for `POST /card`; a larger form fails here with the runtime's error instead of
/// being sent to a server that would refuse it with `413`.
public struct ImagePartContentTypeMiddleware: ClientMiddleware {
  /// The server's limit for the body of `POST /card`: 11 MiB.
  public static let bodyLimit = 11 * 1024 * 1024

  public init() {}

  public func intercept(
    _ request: HTTPRequest,
    body: HTTPBody?,
    baseURL: URL,
    operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    guard operationID == "cardCreation", let body,
      let boundary = request.headerFields[.contentType].flatMap(Self.boundary(ofContentType:))
    else {
      return try await next(request, body, baseURL)
    }
    let form = try await [UInt8](collecting: body, upTo: Self.bodyLimit)
    return try await next(
      request, HTTPBody(Self.relabelingImagePart(of: form, boundary: boundary)), baseURL)
  }

  /// The `boundary` parameter of a `multipart/form-data` content type, unquoted.
  static func boundary(ofContentType contentType: String) -> String? {
    let parameters = contentType.split(separator: ";").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard parameters.first?.lowercased() == "multipart/form-data" else { return nil }
    for parameter in parameters.dropFirst() where parameter.lowercased().hasPrefix("boundary=") {
      let value = parameter.dropFirst("boundary=".count)
      return String(
        value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
          ? value.dropFirst().dropLast() : value)
    }
    return nil
  }

  /// `form` with the `Content-Type` of its part named `image` set from that part's bytes;
  /// every other byte as it was.
  static func relabelingImagePart(of form: [UInt8], boundary: String) -> [UInt8] {
    // RFC 2046 §5.1.1: a part ends at CRLF "--" boundary. The form starts with "--" boundary,
    // so a CRLF in front makes every delimiter alike.
    let delimiter = Array("\r\n--\(boundary)".utf8)
    var pieces = ([13, 10] + form).split(separator: delimiter, omittingEmptySubsequences: false)
    for index in pieces.indices.dropFirst() {
      guard let relabeled = relabeledImagePart(pieces[index]) else { continue }
      pieces[index] = relabeled[...]
      break
    }
    return Array(pieces.joined(separator: delimiter).dropFirst(2))
  }

  /// The piece after a delimiter (CRLF, header lines, CRLF CRLF, content) with its content
  /// type set, when it is the `image` part and its bytes are a PNG or a JPEG; else nil.
  private static func relabeledImagePart(_ piece: ArraySlice<UInt8>) -> [UInt8]? {
    let blankLine = Array("\r\n\r\n".utf8)
    guard let headerEnd = piece.firstRange(of: blankLine) else { return nil }
    let lines = String(decoding: piece[..<headerEnd.lowerBound], as: UTF8.self)
      .split(separator: "\r\n", omittingEmptySubsequences: false)
    let isImagePart = lines.contains { line in
      line.lowercased().hasPrefix("content-disposition:")
        && line.split(separator: ";").contains {
          $0.trimmingCharacters(in: .whitespaces) == #"name="image""#
        }
    }
    let content = piece[headerEnd.upperBound...]
    guard isImagePart, let contentType = imageType(of: content) else { return nil }
    let headers =
      lines.filter { !$0.lowercased().hasPrefix("content-type:") }.joined(separator: "\r\n")
      + "\r\ncontent-type: \(contentType)"
    return Array(headers.utf8) + blankLine + content
  }

  /// The type whose signature `bytes` start with: PNG's eight bytes, or JPEG's start of
  /// image followed by a marker.
  private static func imageType(of bytes: ArraySlice<UInt8>) -> String? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      return "image/png"
    }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    return nil
  }
}
