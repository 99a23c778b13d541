import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

/// What a server or a user puts in a request or a reply reaches the log escaped: a hostile
/// error page once set the terminal's title, cleared the screen and wrote the clipboard.
@Suite("Request log: no control character reaches the log")
struct LoggingEscapingTests {
  /// Set the title, clear the screen, write the clipboard: OSC 0, CSI 2J, OSC 52.
  private static let hostile = "\u{1B}]0;title\u{07}\u{1B}[2J\u{1B}]52;c;aGk=\u{07}"
  private static let hostileEscaped = #"\u{1B}]0;title\u{7}\u{1B}[2J\u{1B}]52;c;aGk=\u{7}"#

  /// C0, DEL and C1: what a terminal obeys. The newline too: a line of the log is one line.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  private func send(
    _ endpoint: Endpoint<HTTPResponse>, answeredWith reply: StubReply
  ) async -> [String] {
    let transport = StubTransport(fallback: { _ in reply })
    let lines = LineCollector()
    let client = RequestPipeline(
      baseURL: testBaseURL, transport: transport,
      middleware: withLog(RequestLog(.call, write: lines.write)))
    _ = await outcome(of: client, endpoint)
    return lines.lines
  }

  private func expectEveryLineSafe(_ lines: [String]) {
    #expect(!lines.isEmpty)
    for line in lines {
      #expect(!line.unicodeScalars.contains(where: Self.isControl), "unsafe line: \(line)")
    }
  }

  @Test func anErrorPageIsLoggedEscapedOnOneLine() async {
    let page = "<h1>\(Self.hostile)</h1>\nsecond line\r\n"
    let lines = await send(TestEndpoint.get(), answeredWith: .raw(status: 502, body: page))

    expectEveryLineSafe(lines)
    #expect(
      lines.contains {
        $0.hasSuffix(#"body: <h1>\#(Self.hostileEscaped)</h1>\u{A}second line\u{D}\u{A}"#)
      })
  }

  @Test func aC1ControlInAJSONReplyIsLoggedEscaped() async {
    let json = #"{"message":"a\#u{9B}31mred","status":400}"#
    let lines = await send(
      TestEndpoint.get(),
      answeredWith: .raw(status: 400, body: json, contentType: "application/json"))

    expectEveryLineSafe(lines)
    #expect(lines.contains { $0.contains(#""message":"a\u{9B}31mred""#) })
  }

  @Test func userTextInMultipartPartsIsLoggedEscaped() async {
    var form = MultipartFormData()
    form.append("Ada\(Self.hostile)\u{9B}0m", name: "name")
    form.append("x", name: "tmi\u{1B}[2J")
    form.append(Data([0xFF]), name: "image", filename: "a\u{1B}[2J.png", contentType: "image/png")
    let endpoint = TestEndpoint.make(method: .post, body: .multipart(form))

    let lines = await send(endpoint, answeredWith: .status(201))

    expectEveryLineSafe(lines)
    #expect(lines.contains { $0.hasSuffix(#"part name = Ada\#(Self.hostileEscaped)\u{9B}0m"#) })
    #expect(lines.contains { $0.hasSuffix(#"part tmi\u{1B}[2J = x"#) })
    #expect(lines.contains { $0.contains(#"part image: file "a\u{1B}[2J.png""#) })
  }

  @Test func aTransportErrorIsLoggedEscaped() async {
    let error = TransportError(.other, "failed: \(Self.hostile)")
    let lines = await send(TestEndpoint.get(), answeredWith: .failure(error))

    expectEveryLineSafe(lines)
    #expect(lines.contains { $0.hasSuffix("other: failed: \(Self.hostileEscaped)") })
  }
}
