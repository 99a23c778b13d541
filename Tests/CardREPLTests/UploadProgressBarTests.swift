import CardREPL
import CardREPLTestSupport
import Testing

@Suite("Upload progress bar")
struct UploadProgressBarTests {
  private let clock = FakeInstantClock()
  private let terminal = TerminalWrites()
  private let mebibyte: Int64 = 1 << 20
  private let clear = "\r\u{1B}[K"

  private func makeBar(columns: Int = 80) -> UploadProgressBar {
    UploadProgressBar(
      columns: columns, now: { [clock] in clock.now() }, write: { [terminal] in terminal.write($0) }
    )
  }

  private func drawn(_ text: String) -> String { "\r" + text + "\u{1B}[K" }

  @Test func theFirstReportDrawsAtOnceAndTheEndClearsTheLine() async {
    let bar = makeBar()
    bar.begin()
    bar.report(sent: mebibyte, of: 4 * mebibyte)
    await bar.end()
    #expect(terminal.all == [drawn("1.0 MiB of 4.0 MiB (25%) [##        ]"), clear])
  }

  @Test func redrawsAtMostOncePerIntervalAndAlwaysAtTheEnd() async {
    let bar = makeBar()
    bar.begin()
    bar.report(sent: mebibyte, of: 4 * mebibyte)
    clock.advance(by: .milliseconds(50))
    bar.report(sent: 3 * mebibyte / 2, of: 4 * mebibyte)
    clock.advance(by: .milliseconds(50))
    bar.report(sent: 2 * mebibyte, of: 4 * mebibyte)
    clock.advance(by: .milliseconds(10))
    bar.report(sent: 3 * mebibyte, of: 4 * mebibyte)
    clock.advance(by: .milliseconds(10))
    bar.report(sent: 4 * mebibyte, of: 4 * mebibyte)
    bar.report(sent: 4 * mebibyte, of: 4 * mebibyte)
    await bar.end()
    #expect(
      terminal.all == [
        drawn("1.0 MiB of 4.0 MiB (25%) [##        ]"),
        // 1 MiB in the 100 ms since the first report.
        drawn("2.0 MiB of 4.0 MiB (50%), 10.0 MiB/s [#####     ]"),
        drawn("4.0 MiB of 4.0 MiB (100%), 25.0 MiB/s [##########]"),
        clear,
      ])
  }

  @Test func aReportBelowTheLastStartsANewAttemptAtOnce() async {
    let bar = makeBar()
    bar.begin()
    bar.report(sent: 2 * mebibyte, of: 4 * mebibyte)
    bar.report(sent: mebibyte / 2, of: 4 * mebibyte)
    await bar.end()
    #expect(
      terminal.all == [
        drawn("2.0 MiB of 4.0 MiB (50%) [#####     ]"),
        drawn("512.0 KiB of 4.0 MiB (12%) [#         ]"),
        clear,
      ])
  }

  @Test func aSmallBodyDrawsNothingAndLeavesTheLineAlone() async {
    let bar = makeBar()
    bar.begin()
    bar.report(sent: 1000, of: UploadProgressBar.minimumSize - 1)
    await bar.end()
    #expect(terminal.all.isEmpty)
  }

  @Test func reportsOutsideACommandAreIgnored() async {
    let bar = makeBar()
    bar.report(sent: mebibyte, of: 4 * mebibyte)
    bar.begin()
    await bar.end()
    bar.report(sent: 2 * mebibyte, of: 4 * mebibyte)
    await bar.end()
    #expect(terminal.all.isEmpty)
  }

  @Test func theLineStopsShortOfTheLastColumn() async {
    let bar = makeBar(columns: 20)
    bar.begin()
    bar.report(sent: mebibyte, of: 4 * mebibyte)
    await bar.end()
    #expect(terminal.all.first == drawn("1.0 MiB of 4.0 MiB "))
  }

  @Test func sizesAreSpokenInBytesKibibytesOrMebibytes() {
    #expect(UploadProgressBar.spoken(512) == "512 B")
    #expect(UploadProgressBar.spoken(48 << 10) == "48.0 KiB")
    #expect(UploadProgressBar.spoken(10 * mebibyte + mebibyte / 2) == "10.5 MiB")
  }

  @Test func linesWrittenAboveTheBarLeaveItUnderThem() async {
    let bar = makeBar()
    bar.begin()
    bar.writeAbove("before\n")
    bar.report(sent: mebibyte, of: 4 * mebibyte)
    bar.writeAbove("during\n")
    await bar.end()
    let line = drawn("1.0 MiB of 4.0 MiB (25%) [##        ]")
    #expect(terminal.all == ["before\n", line, clear + "during\n" + line, clear])
  }
}
