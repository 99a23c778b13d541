import Foundation

/// One part of a `multipart/form-data` body, as ``MultipartParser`` reads it.
struct FormDataPart: Sendable, Equatable {
  /// The field name from `Content-Disposition`, with `%22`, `%0D` and `%0A` decoded.
  let name: String
  /// The file name, present on file parts, decoded like ``name``.
  let filename: String?
  /// The part's `Content-Type`, if it has one.
  let contentType: String?
  /// The part's bytes.
  let body: Data
}
