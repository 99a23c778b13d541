import Foundation

/// `bytes` in MiB with one decimal.
func mebibytes(_ bytes: Int64) -> String {
  String(format: "%.1f", Double(bytes) / 1_048_576)
}
