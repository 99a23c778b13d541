import CardData
import Foundation

/// What judging a large reply whose `data` has the wrong shape costs over decoding it once:
/// `judgeStatus` on a 16 MiB card list whose last card has a number for its name, against a
/// bare `JSONDecoder` decode of the same bytes into plain structs, which fails at the same
/// place. Saying why a reply broke the contract must not read it again: the goal is at most
/// 1.1 times, the bare decode plus the building of the reason.
struct WrongShapeBenchmark {
  static let goal = 1.1
  let rounds: Int

  func run() -> Int32 {
    let body = Self.reply(bytes: 16 << 20)
    var bare = Duration.zero
    var judged = Duration.zero
    var reason = ""
    for _ in 0..<rounds {
      var start = ContinuousClock.now
      _ = try? JSONDecoder().decode(PlainEnvelope.self, from: body)
      bare += ContinuousClock.now - start
      start = ContinuousClock.now
      if case .pathErr(let text) = judgeStatus(by: 200, data: body, type: [PlainCard].self) {
        reason = text
      }
      judged += ContinuousClock.now - start
    }
    let ratio = judged / bare
    let milliseconds = { (time: Duration) in
      String(format: "%.0f", time.timeInterval * 1000 / Double(self.rounds))
    }
    print(
      """
      wrong-shape: a \(mebibytes(Int64(body.count))) MiB list whose last card breaks the \
      contract, \(rounds) interleaved rounds
        bare decode \(milliseconds(bare)) ms, judgeStatus \(milliseconds(judged)) ms, \
      ratio \(String(format: "%.2f", ratio))×
        reason: \(reason)
      """)
    guard !reason.isEmpty, ratio <= Self.goal else {
      printError(reason.isEmpty ? "FAIL: the reply was not a pathErr" : "FAIL: above \(Self.goal)×")
      return 1
    }
    print("PASS: at most \(Self.goal)×")
    return 0
  }

  /// A card list of at least `bytes` bytes whose last card has a number for its name.
  private static func reply(bytes: Int) -> Data {
    var body = Data(#"{"status":200,"success":true,"message":"cards fetched","data":["#.utf8)
    var index = 0
    while body.count < bytes {
      body.append(Data(#"{"cardId":"c\#(index)","name":"card number \#(index)"},"#.utf8))
      index += 1
    }
    body.append(Data(#"{"cardId":"last","name":5}]}"#.utf8))
    return body
  }

  private struct PlainEnvelope: Decodable {
    let status: Int
    let success: Bool
    let message: String
    let data: [PlainCard]?
  }

  private struct PlainCard: Decodable {
    let cardId: String
    let name: String
  }
}
