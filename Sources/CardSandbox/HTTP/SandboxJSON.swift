import CardPrimitives
import Foundation

/// The sandbox's rule for JSON request bodies, for the reference server's admin path, which
/// reads its bodies itself: a body that names a key twice in one object is refused, since
/// readers disagree about which value it means (``RepeatedJSONKey``).
public enum SandboxJSON {
  /// The refusal of `body`, a JSON object that has already decoded, or `nil` when it names
  /// every key once: `the key milliseconds appears more than once in one object`.
  public static func repeatedKeyRefusal(in body: Data) -> String? {
    do {
      try RepeatedJSONKey.check(body)
      return nil
    } catch {
      return JSONBody.refusal(error)
    }
  }
}
