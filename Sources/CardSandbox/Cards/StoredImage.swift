import Foundation

/// An uploaded picture: its bytes and their media type.
struct StoredImage: Codable, Sendable, Equatable {
  /// `image/jpeg` or `image/png`.
  let contentType: String
  /// The image file's bytes; base64 in the state file.
  let bytes: Data
}
