import CardDomain
import CardDomainTesting
import CardREPL
import Foundation

/// REPL services over the given repositories and fakes, each a fresh fake by default; the
/// backend is named `fake`, which shows in the prompt.
package func fakeServices(
  cards: any CardRepository = SpyCardRepository(),
  auth: any AuthRepository = SpyAuthRepository(),
  sandbox: (any SandboxControlling)? = FakeSandboxControls(),
  requestLog: RequestLogSwitch = RequestLogSwitch(),
  notes: SessionNotes = SessionNotes()
) -> REPLServices {
  REPLServices(
    cards: cards, auth: auth, sandbox: sandbox, requestLog: requestLog, notes: notes,
    backendName: "fake")
}

/// A card of `demo`'s with every field set, so that rendering shows every line.
package func sampleCard(id: String = "c1", name: String = "Kim Minji") throws -> Card {
  Card(
    id: try CardID(id), owner: try UserID("demo"), name: name, title: "SOPT 29th iOS",
    birthday: try Birthday("1999-03-02"), mbti: try MBTI("INFP"), instagram: "minji.dev",
    link: URL(string: "https://example.com/minji"), description: "iOS developer",
    defaultImage: try DefaultImage(2), imageURL: URL(string: "/card/c1/image"),
    tmis: try TMIList(["likes coffee", "runs marathons"]))
}

/// A 1×1 grey PNG: the smallest image `card create image=` accepts.
package let onePixelPNG = Data(
  base64Encoded:
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="
)!
