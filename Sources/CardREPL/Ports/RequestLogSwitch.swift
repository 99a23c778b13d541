/// Turns the redacting request log on and off (`log on|off`).
public protocol RequestLogSwitch: Sendable {
  /// Whether every request is logged to standard error.
  var isEnabled: Bool { get }
  /// Starts or stops logging.
  func setEnabled(_ isEnabled: Bool)
}
