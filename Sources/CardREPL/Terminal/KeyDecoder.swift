/// Decodes the bytes a terminal in raw mode sends into ``Key``s: UTF-8 text, control keys,
/// and the `ESC [` (CSI) and `ESC O` (SS3) sequences of arrows, Home, End and Delete.
/// Sequences it does not know are dropped whole; invalid UTF-8 becomes U+FFFD.
public struct KeyDecoder: Sendable {
  private enum State: Sendable {
    case ground
    case escape
    case controlSequence(parameters: [UInt8])
    case singleShift
    case text(expected: Int, bytes: [UInt8])
  }

  private var state = State.ground

  /// A decoder waiting for the first byte.
  public init() {}

  /// The keys completed by `byte` (none while a sequence is incomplete).
  public mutating func feed(_ byte: UInt8) -> [Key] {
    switch state {
    case .ground:
      return ground(byte)
    case .escape:
      switch byte {
      case UInt8(ascii: "["):
        state = .controlSequence(parameters: [])
        return []
      case UInt8(ascii: "O"):
        state = .singleShift
        return []
      default:
        // A lone Escape followed by something else: drop the Escape.
        state = .ground
        return ground(byte)
      }
    case .controlSequence(let parameters):
      guard (0x40...0x7E).contains(byte) else {
        state = parameters.count < 16 ? .controlSequence(parameters: parameters + [byte]) : .ground
        return []
      }
      state = .ground
      return Self.controlSequence(parameters: parameters, final: byte).map { [$0] } ?? []
    case .singleShift:
      state = .ground
      return Self.controlSequence(parameters: [], final: byte).map { [$0] } ?? []
    case .text(let expected, let bytes):
      guard byte & 0xC0 == 0x80 else {
        state = .ground
        return [.character("\u{FFFD}")] + ground(byte)
      }
      let collected = bytes + [byte]
      guard collected.count == expected else {
        state = .text(expected: expected, bytes: collected)
        return []
      }
      state = .ground
      return String(decoding: collected, as: UTF8.self).map(Key.character)
    }
  }

  /// The keys of `bytes`, fed one by one.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    bytes.flatMap { feed($0) }
  }

  private mutating func ground(_ byte: UInt8) -> [Key] {
    switch byte {
    case 0x1B:
      state = .escape
      return []
    case 0x01: return [.home]
    case 0x02: return [.left]
    case 0x03: return [.interrupt]
    case 0x04: return [.endOfInput]
    case 0x05: return [.end]
    case 0x06: return [.right]
    case 0x08, 0x7F: return [.backspace]
    case 0x0A, 0x0D: return [.enter]
    case 0x0B: return [.deleteToEnd]
    case 0x0E: return [.down]
    case 0x10: return [.up]
    case 0x15: return [.deleteToStart]
    case 0x09: return [.character(" ")]
    case 0x00..<0x20: return []
    case 0x20..<0x80: return [.character(Character(Unicode.Scalar(byte)))]
    case 0xC2...0xDF:
      state = .text(expected: 2, bytes: [byte])
      return []
    case 0xE0...0xEF:
      state = .text(expected: 3, bytes: [byte])
      return []
    case 0xF0...0xF4:
      state = .text(expected: 4, bytes: [byte])
      return []
    default:
      return [.character("\u{FFFD}")]
    }
  }

  private static func controlSequence(parameters: [UInt8], final: UInt8) -> Key? {
    let parameter = String(decoding: parameters, as: UTF8.self)
    switch (parameter, Character(Unicode.Scalar(final))) {
    case (_, "A"): return .up
    case (_, "B"): return .down
    case (_, "C"): return .right
    case (_, "D"): return .left
    case (_, "H"): return .home
    case (_, "F"): return .end
    case ("1", "~"), ("7", "~"): return .home
    case ("4", "~"), ("8", "~"): return .end
    case ("3", "~"): return .delete
    default: return nil
    }
  }
}
