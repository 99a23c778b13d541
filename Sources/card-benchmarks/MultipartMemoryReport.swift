import Foundation

/// The figures of one `multipart-memory` run, and how they print.
struct MultipartMemoryReport {
  /// The size of the file part.
  let inputBytes: Int64
  /// The length of the encoded body.
  let bodyBytes: Int64
  /// How long encoding took.
  let elapsed: Duration
  /// The process's peak resident memory just before encoding.
  let peakBefore: Int64
  /// The process's peak resident memory just after encoding.
  let peakAfter: Int64
  /// Whether the peak was lowered to the current resident size just before encoding, so
  /// that set-up work does not hide the encoder's own peak.
  let peakWasReset: Bool

  /// How much encoding raised the peak.
  var peakGrowth: Int64 { peakAfter - peakBefore }

  /// How long encoding took, in seconds.
  var seconds: Double {
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// Input MiB encoded per second.
  var throughput: Double { Double(inputBytes) / 1_048_576 / seconds }

  /// The figures, one per line.
  var lines: [String] {
    [
      "  input size        \(inputBytes) bytes (\(mebibytes(inputBytes)) MiB)",
      "  encoded body      \(bodyBytes) bytes (\(mebibytes(bodyBytes)) MiB)",
      "  elapsed           \(String(format: "%.3f", seconds)) s",
      "  throughput        \(String(format: "%.1f", throughput)) MiB/s",
      "  peak RSS before   \(mebibytes(peakBefore)) MiB"
        + (peakWasReset ? " (peak reset to current RSS)" : " (set-up peak; not resettable)"),
      "  peak RSS after    \(mebibytes(peakAfter)) MiB",
      "  peak RSS growth   \(mebibytes(peakGrowth)) MiB",
    ]
  }
}
