/// The envelope without its payload: what a failure reply is read for, and what tells a
/// 2xx body that is the envelope from one that is not.
struct EnvelopeHeader: Decodable {
  /// The HTTP status code, repeated.
  var status: Int
  /// `true` for 2xx.
  var success: Bool
  /// A sentence for people.
  var message: String
}
