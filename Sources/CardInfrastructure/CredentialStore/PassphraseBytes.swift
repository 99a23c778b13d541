/// A passphrase's bytes. Printing or dumping it shows nothing of them.
struct PassphraseBytes: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The UTF-8 bytes of the NFC-normalised passphrase.
  let bytes: [UInt8]
  /// A placeholder.
  var description: String { "<redacted>" }
  /// A placeholder.
  var debugDescription: String { description }
  /// A mirror without children.
  var customMirror: Mirror { Mirror(self, children: [:]) }
}
