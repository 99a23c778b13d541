import Foundation

/// A form laid out as the byte segments of its body, in order, with the total length known
/// before any file part is read: the length comes from file attributes alone.
struct MultipartLayout {
  /// A run of body bytes.
  enum Segment {
    /// Bytes in memory: framing, or the content of an in-memory part.
    case bytes(Data)
    /// The whole content of a file, whose length was measured when the layout was made.
    case file(URL, length: Int64)

    /// The number of bytes the segment contributes to the body.
    var length: Int64 {
      switch self {
      case .bytes(let data): Int64(data.count)
      case .file(_, let length): length
      }
    }
  }

  /// The segments, in body order.
  let segments: [Segment]
  /// The body's total length in bytes.
  let length: Int64

  /// Validates the form's header text and measures its file parts.
  init(form: MultipartFormData) throws(MultipartEncodingError) {
    try MultipartHeaderValidation.validate(boundary: form.boundary)
    let framing = MultipartFraming(boundary: form.boundary)
    var segments: [Segment] = []
    for part in form.parts {
      if let contentType = part.contentType {
        try MultipartHeaderValidation.validate(contentType: contentType, partName: part.name)
      }
      segments.append(.bytes(framing.head(of: part)))
      switch part.content {
      case .data(let data):
        segments.append(.bytes(data))
      case .file(let url):
        segments.append(.file(url, length: try MultipartFileMeasurement.length(ofFileAt: url)))
      }
      segments.append(.bytes(MultipartFraming.partTerminator))
    }
    segments.append(.bytes(framing.closingDelimiter))
    self.segments = segments
    self.length = segments.reduce(0) { $0 + $1.length }
  }
}
