import Foundation

/// A value bound to a statement's parameter or read from a column: SQLite's five storage
/// classes.
package enum SQLiteValue: Hashable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)

  /// `nil` for `.null`.
  package static func optional(_ text: String?) -> SQLiteValue { text.map(Self.text) ?? .null }

  package static func integer(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
}
