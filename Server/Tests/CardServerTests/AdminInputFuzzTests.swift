import Foundation
import Testing

/// Every number the admin path takes, sent as values a peer may send instead of a sound one:
/// huge, negative, fractional, in exponent form, not numbers at all, or missing. Each must be
/// refused with `400` naming the field, leave the faults as they were and the server alive;
/// the bounds themselves are accepted.
@Suite("The admin path's numbers under hostile values")
struct AdminInputFuzzTests {
  /// An admin operation with one field varied and the others sound.
  private struct Field: Sendable {
    let operation: String
    let name: String
    let range: ClosedRange<Int>
    /// Values past this field's bounds that other fields may accept.
    let pastBounds: [String]
    /// The JSON body with `value` (JSON text, `nil` for absent) in the field.
    let body: @Sendable (String?) -> String
  }

  private static let fields = [
    Field(
      operation: "latency", name: "milliseconds", range: 0...600_000,
      pastBounds: ["600001", "86400000", "1e15", "9223372036854775807"]
    ) { value in
      value.map { #"{"milliseconds": \#($0)}"# } ?? "{}"
    },
    Field(
      operation: "fail", name: "status", range: 400...599,
      pastBounds: ["399", "600", "200", "0", "9223372036854775807"]
    ) { value in
      value.map { #"{"status": \#($0), "count": 1}"# } ?? #"{"count": 1}"#
    },
    Field(operation: "fail", name: "count", range: 0...Int.max, pastBounds: []) { value in
      #"{"status": 503, "count": \#(value ?? "1")}"#
    },
    Field(operation: "malform", name: "count", range: 0...Int.max, pastBounds: []) { value in
      #"{"kind": "data", "count": \#(value ?? "1")}"#
    },
  ]

  /// Values no field accepts: past `Int`'s range or far past every bound, negative, fractional,
  /// in exponent form past every bound, or not a number.
  private static let hostileValues = [
    "9223372036854775808", "-9223372036854775809", "18446744073709551616",
    "99999999999999999999999999999999999999999", "-1", "-9223372036854775808", "0.5", "1.5",
    "503.25", "1e400", "-1e400", "1e300", "-1e15", #""200""#, #""""#, "true",
    "false", "null", "[]", "[503]", "{}", #"{"value": 1}"#,
  ]

  /// A generator with a fixed seed (SplitMix64), so that every run sends the same values.
  private struct SeededValues {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      return mixed ^ (mixed >> 31)
    }

    /// A whole number of any size and sign as JSON text, and its value when it fits an `Int`.
    mutating func wholeNumber() -> (text: String, value: Int?) {
      let magnitude = next() >> (next() % 64)
      let negative = next() % 2 == 0
      let text = (negative && magnitude != 0 ? "-" : "") + String(magnitude)
      return (text, Int(text))
    }

    /// A number with a fractional part that is not zero.
    mutating func fraction() -> String {
      "\(Int64(bitPattern: next()) >> (next() % 63)).\(next() % 9 + 1)"
    }
  }

  @Test func hostileValuesAreRefusedWith400NamingTheFieldAndChangeNothing() async throws {
    try await LiveServer.with { server in
      for field in Self.fields {
        let values = Self.hostileValues + field.pastBounds + [nil]
        for value in values where !(value == nil && field.name == "count") {
          let reply = try await Self.send(server, field, value)
          #expect(reply.status == 400, "\(field.operation) \(field.name) \(value ?? "absent")")
          let message = reply.envelope["message"] as? String ?? ""
          #expect(
            message.hasPrefix(
              "\(field.name) must be a whole number from \(field.range.lowerBound)"),
            "\(field.operation) \(field.name) \(value ?? "absent"): \(message)")
        }
      }
      try await AdminRequest.expectNoFaults(server)
    }
  }

  @Test func numbersFromASeededGeneratorAcceptedExactlyWhenWholeAndWithinBounds() async throws {
    var values = SeededValues(state: 17)
    try await LiveServer.with { server in
      for field in Self.fields {
        for _ in 0..<24 {
          let (text, value) = values.wholeNumber()
          let accepted = value.map { field.range.contains($0) } ?? false
          let reply = try await Self.send(server, field, text)
          #expect(
            reply.status == (accepted ? 200 : 400), "\(field.operation) \(field.name) \(text)")
          let fraction = values.fraction()
          #expect(
            try await Self.send(server, field, fraction).status == 400,
            "\(field.operation) \(field.name) \(fraction)")
        }
        _ = try await HTTPExchange.send(
          "DELETE", server.url.appendingPathComponent("_sandbox/faults"), json: "{}")
      }
      try await AdminRequest.expectNoFaults(server)
    }
  }

  @Test func theBoundsThemselvesAreAccepted() async throws {
    try await LiveServer.with { server in
      for field in Self.fields {
        for bound in [field.range.lowerBound, field.range.upperBound] {
          let reply = try await Self.send(server, field, String(bound))
          #expect(reply.status == 200, "\(field.operation) \(field.name) \(bound)")
        }
      }
      let faults = try await HTTPExchange.send(
        "GET", server.url.appendingPathComponent("_sandbox/faults"))
      let snapshot = try #require(faults.envelope["data"] as? [String: Any])
      #expect(snapshot["latencyMilliseconds"] as? Int == 600_000)
      #expect(snapshot["malformedRemaining"] as? Int == Int.max)
    }
  }

  @Test func offlineTakesTrueOrFalseOnly() async throws {
    try await LiveServer.with { server in
      for value in ["1", "0", #""true""#, "null", "9223372036854775808", "1.5"] {
        let reply = try await HTTPExchange.send(
          "POST", server.url.appendingPathComponent("_sandbox/offline"),
          json: #"{"offline": \#(value)}"#)
        #expect(reply.status == 400, "offline \(value)")
        #expect(
          reply.envelope["message"] as? String
            == #"offline must be true or false, as in {"offline": true}"#)
      }
      try await AdminRequest.expectNoFaults(server)
    }
  }

  private static func send(_ server: LiveServer, _ field: Field, _ value: String?) async throws
    -> HTTPExchange
  {
    try await HTTPExchange.send(
      "POST", server.url.appendingPathComponent("_sandbox/\(field.operation)"),
      json: field.body(value))
  }
}
