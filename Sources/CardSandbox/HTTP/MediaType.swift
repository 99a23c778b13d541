/// A `Content-Type` value: `type/subtype` and its parameters.
struct MediaType: Sendable {
  /// `type/subtype`, lowercased, such as `multipart/form-data`.
  let essence: String
  /// The parameters by lowercased name, such as `boundary`.
  let parameters: [String: String]

  /// Parses a `Content-Type` value; `nil` when it is not `type/subtype` with well-formed
  /// parameters.
  init?(_ text: String) {
    guard let header = try? ParameterizedHeader(text) else { return nil }
    let parts = header.value.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
      return nil
    }
    essence = header.value.lowercased()
    parameters = header.parameters
  }

  /// `application/json`.
  static let json = "application/json"
  /// `multipart/form-data`.
  static let formData = "multipart/form-data"
}
