import Foundation

extension TimeInterval {
  /// The interval for a message: whole minutes as `5 min`, anything else in seconds with at
  /// most three decimals, as `30 s` or `0.7 s`.
  var spokenDuration: String {
    if self >= 120, truncatingRemainder(dividingBy: 60) == 0 {
      return "\(Int(self / 60)) min"
    }
    let milliseconds = (self * 1000).rounded()
    if milliseconds.truncatingRemainder(dividingBy: 1000) == 0 {
      return "\(Int(milliseconds / 1000)) s"
    }
    return "\(milliseconds / 1000) s"
  }
}
