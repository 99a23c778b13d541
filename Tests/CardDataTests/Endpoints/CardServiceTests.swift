import CardData
import CardDomain
import Foundation
import Testing

/// The card endpoints as values: the contract's method, path, body kind and authorization.
@Suite struct CardServiceTests {
  static let draft = CardDraft(name: "Kim Minji", mbti: try? MBTI("INFP"))

  static let rows: [EndpointRow<CardService>] = [
    EndpointRow(
      service: .cardList, name: "cardList", method: .get, path: "/cards", taskKind: "plain",
      authorization: .bearer),
    EndpointRow(
      service: .cardDetailFetch(try! CardID("c1")), name: "cardDetailFetch", method: .get,
      path: "/card/c1", taskKind: "plain", authorization: .bearer),
    EndpointRow(
      service: .cardCreation(draft), name: "cardCreation", method: .post, path: "/card",
      taskKind: "multipart", authorization: .bearer),
    EndpointRow(
      service: .cardListEdit([try! CardID("c2"), try! CardID("c1")]), name: "cardListEdit",
      method: .put, path: "/cards", taskKind: "json", authorization: .bearer),
    EndpointRow(
      service: .cardDelete(try! CardID("c1")), name: "cardDelete", method: .delete,
      path: "/card/c1", taskKind: "plain", authorization: .bearer),
  ]

  @Test(arguments: rows)
  func endpointMatchesTheContract(row: EndpointRow<CardService>) {
    #expect(row.service.name == row.name)
    #expect(row.service.method == row.method)
    #expect(row.service.path.percentEncoded == row.path)
    #expect(row.service.task.kind == row.taskKind)
    #expect(row.service.authorization == row.authorization)
    #expect(row.service.headers.fields.isEmpty)
  }

  @Test func idIsOnePercentEncodedSegment() throws {
    let id = try CardID("a/b c")
    for service in [CardService.cardDetailFetch(id), .cardDelete(id)] {
      #expect(service.path.segments == ["card", "a/b c"])
      #expect(service.path.percentEncoded == "/card/a%2Fb%20c")
    }
  }

  @Test func cardListEditSendsTheNewOrder() throws {
    let service = CardService.cardListEdit([try CardID("c2"), try CardID("c1")])
    #expect(try service.task.sortedJSONBody() == #"{"cardIds":["c2","c1"]}"#)
  }

  @Test func cardCreationSendsTheDraftsFormWithAFreshBoundary() throws {
    let service = CardService.cardCreation(Self.draft)
    let first = try #require(service.task.form)
    let second = try #require(service.task.form)
    #expect(first.parts == MultipartFormData(cardCreation: Self.draft).parts)
    #expect(first.boundary != second.boundary)
  }
}
