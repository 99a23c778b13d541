import CardPrimitives
import CardSandbox
import CardTestingPrimitives
import Foundation
import Testing

@Suite("POST /card")
struct CardCreationTests {
  private func created(_ form: TestForm, sandbox: Sandbox = Sandbox())
    async throws -> (SandboxResponse, Session)
  {
    let session = try await sandbox.login()
    return (try await sandbox.handle(Requests.create(form, token: session.accessToken)), session)
  }

  @Test func aFullFormAnswers201WithTheCardAndItsLocation() async throws {
    var form = TestForm()
    form.field("card.title", "SOPT 30th Server")
    form.field("card.name", "Choi Yuna")
    form.field("card.birthday", "2000-02-29")
    form.field("card.mbti", "estj")
    form.field("card.instagram", "yuna.codes")
    form.field("card.linkURL", "https://example.com/yuna")
    form.field("card.description", "Server developer")
    form.field("card.defaultImage", "5")
    form.field("card.firstTMI", "plays the cello")
    form.field("card.secondTMI", "")
    form.field("card.thirdTMI", "two dogs")
    form.file("image", filename: "me.jpg", contentType: "image/jpeg", bytes: SampleImages.jpeg())
    let sandbox = Sandbox()
    let (response, session) = try await created(form, sandbox: sandbox)
    #expect(response.status == 201)
    #expect(response.headers["Location"] == "/card/c4")
    let envelope = try ParsedEnvelope(response)
    #expect(envelope.message == "card created")
    let card = try envelope.object()
    CardShape.check(card)
    #expect(card["cardId"] as? String == "c4")
    #expect(card["userId"] as? String == "demo")
    #expect(card["title"] as? String == "SOPT 30th Server")
    #expect(card["birthday"] as? String == "2000-02-29")
    #expect(card["mbti"] as? String == "ESTJ")
    #expect(card["defaultImage"] as? Int == 5)
    #expect(card["tmi"] as? [String] == ["plays the cello", "two dogs"])
    #expect(card["imageURL"] as? String == "/card/c4/image")

    let image = try await sandbox.handle("GET", "/card/c4/image", as: session)
    #expect(image.headers["Content-Type"] == "image/jpeg")
    #expect(image.body == SampleImages.jpeg())
    #expect(try await sandbox.cardIds(token: session.accessToken) == ["c1", "c2", "c4"])
  }

  @Test func aMinimalFormGivesACardWithOnlyTheRequiredFields() async throws {
    let (response, _) = try await created(.minimal())
    #expect(response.status == 201)
    let card = try ParsedEnvelope(response).object()
    CardShape.check(card)
    #expect(Set(card.keys) == ["cardId", "userId", "name", "defaultImage"])
  }

  @Test func nonASCIITextFieldsArriveIntact() async throws {
    var form = TestForm.minimal(name: "김민지 👩‍💻")
    form.field("card.description", "안녕하세요, Zoë — «café»")
    form.field("card.firstTMI", "커피를 좋아해요 ☕️")
    let (response, _) = try await created(form)
    #expect(response.status == 201)
    let card = try ParsedEnvelope(response).object()
    #expect(card["name"] as? String == "김민지 👩‍💻")
    #expect(card["description"] as? String == "안녕하세요, Zoë — «café»")
    #expect(card["tmi"] as? [String] == ["커피를 좋아해요 ☕️"])
  }

  @Test func aFileNameWithEscapedQuoteCRAndLFIsAccepted() async throws {
    var form = TestForm.minimal()
    form.file(
      "image", filename: "my %22best%22%0D%0Aphoto;1.png", contentType: "image/png",
      bytes: SampleImages.png())
    let (response, _) = try await created(form)
    #expect(response.status == 201)
    #expect(try ParsedEnvelope(response).object()["imageURL"] as? String == "/card/c4/image")
  }

  @Test func anEmptyFilePartAsABrowserSendsWithNoFileChosenMeansNoImage() async throws {
    var form = TestForm.minimal()
    form.file("image", filename: "", contentType: "application/octet-stream", bytes: Data())
    let (response, _) = try await created(form)
    #expect(response.status == 201)
    #expect(try ParsedEnvelope(response).object()["imageURL"] == nil)
  }

  @Test func newIdsAreNeverReusedNotEvenAfterADelete() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let first = try ParsedEnvelope(
      try await sandbox.handle(Requests.create(.minimal(), token: session.accessToken))
    ).object()
    #expect(first["cardId"] as? String == "c4")
    let delete = Requests.plain("DELETE", "/card/c4", token: session.accessToken)
    #expect(try await sandbox.handle(delete).status == 200)
    let guest = try await sandbox.login("guest", "guest")
    let second = try ParsedEnvelope(
      try await sandbox.handle(Requests.create(.minimal(), token: guest.accessToken))
    ).object()
    #expect(second["cardId"] as? String == "c5")
    #expect(second["userId"] as? String == "guest")
  }

  @Test func anImageOver10MiBAnswers413Exactly10MiBIsAccepted() async throws {
    let limit = 10 * 1024 * 1024
    var tooLarge = TestForm.minimal()
    tooLarge.file(
      "image", filename: "big.png", contentType: "image/png",
      bytes: SampleImages.png(count: limit + 1))
    let (refused, _) = try await created(tooLarge)
    #expect(refused.status == 413)
    #expect(
      try ParsedEnvelope(refused).message
        == "the image is 10485761 bytes; the limit is 10 MiB (10485760 bytes)")
    var atLimit = TestForm.minimal()
    atLimit.file(
      "image", filename: "big.png", contentType: "image/png", bytes: SampleImages.png(count: limit))
    #expect(try await created(atLimit).0.status == 201)
  }

  @Test(
    arguments: [
      ("image/gif", SampleImages.png(), "the image must be image/jpeg or image/png, not image/gif"),
      (
        "image/jpg", SampleImages.jpeg(), "the image must be image/jpeg or image/png, not image/jpg"
      ),
      (
        nil, SampleImages.png(),
        "the image must be image/jpeg or image/png, but the part has no Content-Type"
      ),
      (
        "image/png", SampleImages.jpeg(),
        "the image is declared image/png but its bytes are not a PNG image"
      ),
      (
        "image/jpeg", Data("GIF89a".utf8),
        "the image is declared image/jpeg but its bytes are not a JPEG image"
      ),
    ] as [(String?, Data, String)])
  func anImagePartOfTheWrongTypeAnswers415(contentType: String?, bytes: Data, message: String)
    async throws
  {
    var form = TestForm.minimal()
    form.file("image", filename: "picture", contentType: contentType, bytes: bytes)
    let (response, _) = try await created(form)
    #expect(response.status == 415)
    #expect(try ParsedEnvelope(response).message == message)
  }

  @Test(arguments: [
    (["card.name": "Kim"], "card.defaultImage is required"),
    (["card.defaultImage": "1"], "card.name is required"),
    (["card.name": "  ", "card.defaultImage": "1"], "card.name must not be empty"),
    (
      ["card.name": "Kim", "card.defaultImage": "6"],
      #"card.defaultImage must be an integer from 0 to 5, not "6""#
    ),
    (
      ["card.name": "Kim", "card.defaultImage": "-1"],
      #"card.defaultImage must be an integer from 0 to 5, not "-1""#
    ),
    (
      ["card.name": "Kim", "card.defaultImage": "two"],
      #"card.defaultImage must be an integer from 0 to 5, not "two""#
    ),
    (
      ["card.name": "Kim", "card.defaultImage": ""],
      #"card.defaultImage must be an integer from 0 to 5, not """#
    ),
    (
      ["card.name": "Kim", "card.defaultImage": "1", "card.birthday": "1999-02-30"],
      #"card.birthday must be a real date written YYYY-MM-DD, not "1999-02-30""#
    ),
    (
      ["card.name": "Kim", "card.defaultImage": "1", "card.birthday": "2001-2-3"],
      #"card.birthday must be a real date written YYYY-MM-DD, not "2001-2-3""#
    ),
    (
      ["card.name": "Kim", "card.defaultImage": "1", "card.birthday": "1900-02-29"],
      #"card.birthday must be a real date written YYYY-MM-DD, not "1900-02-29""#
    ),
    (
      ["card.name": "Kim", "card.defaultImage": "1", "card.mbti": "INFX"],
      #"card.mbti must be four letters, one from each pair E/I, S/N, T/F, J/P, not "INFX""#
    ),
    (
      ["card.name": "Kim", "card.defaultImage": "1", "card.mbti": "INFPS"],
      #"card.mbti must be four letters, one from each pair E/I, S/N, T/F, J/P, not "INFPS""#
    ),
    (
      ["card.name": "Kim", "card.defaultImage": "1", "card.userId": "guest"],
      "unknown form field card.userId; the fields are card.title, card.name, card.birthday, card.mbti, card.instagram, card.linkURL, card.description, card.defaultImage, card.firstTMI, card.secondTMI, card.thirdTMI, image"
    ),
  ])
  func invalidFieldsAnswer400NamingTheField(fields: [String: String], message: String) async throws
  {
    var form = TestForm()
    for (name, value) in fields.sorted(by: { $0.key < $1.key }) { form.field(name, value) }
    let (response, _) = try await created(form)
    #expect(response.status == 400)
    #expect(try ParsedEnvelope(response).message == message)
  }

  @Test func moreThanThreeTMIsAnswer400() async throws {
    var form = TestForm.minimal()
    for name in ["card.firstTMI", "card.secondTMI", "card.thirdTMI", "card.fourthTMI"] {
      form.field(name, "fact")
    }
    let (response, _) = try await created(form)
    #expect(response.status == 400)
    #expect(try ParsedEnvelope(response).message == "a card has at most 3 TMIs, but the form has 4")
  }

  @Test func aRepeatedFieldAnswers400() async throws {
    var form = TestForm.minimal()
    form.field("card.name", "Again")
    let (response, _) = try await created(form)
    #expect(response.status == 400)
    #expect(
      try ParsedEnvelope(response).message == "the form field card.name appears more than once")
  }

  @Test func textFieldsMustBeUTF8TextParts() async throws {
    var notUTF8 = TestForm.minimal()
    notUTF8.parts.append(
      ([#"Content-Disposition: form-data; name="card.title""#], Data([0xC3, 0x28])))
    let (first, _) = try await created(notUTF8)
    #expect(first.status == 400)
    #expect(try ParsedEnvelope(first).message == "card.title is not valid UTF-8 text")

    var asFile = TestForm.minimal()
    asFile.file(
      "card.title", filename: "title.txt", contentType: "text/plain", bytes: Data("x".utf8))
    let (second, _) = try await created(asFile)
    #expect(second.status == 400)
    #expect(try ParsedEnvelope(second).message == "card.title must be a text field, not a file")
  }

  @Test(arguments: ["application/json", "multipart/mixed; boundary=x", nil] as [String?])
  func aBodyThatIsNotMultipartFormDataAnswers415(contentType: String?) async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    var headers: HeaderFields = ["Authorization": "Bearer \(session.accessToken)"]
    headers["Content-Type"] = contentType
    let request = SandboxRequest(
      method: "POST", path: "/card", headers: headers, body: Data(#"{"name":"Kim"}"#.utf8))
    let response = try await sandbox.handle(request)
    #expect(response.status == 415)
    _ = try ParsedEnvelope(response)
  }

  @Test(arguments: [
    (
      "multipart/form-data", "--x\r\n\r\nbody\r\n--x--",
      "the Content-Type has no boundary parameter"
    ),
    (
      "multipart/form-data; boundary=x", "no boundary here",
      "the body does not contain the boundary"
    ),
    (
      "multipart/form-data; boundary=x",
      "--x\r\nContent-Disposition: form-data; name=\"card.name\"\r\n\r\nKim",
      "the body ends without its closing boundary"
    ),
    (
      "multipart/form-data; boundary=x",
      "--x\r\nContent-Type: text/plain\r\n\r\nKim\r\n--x--",
      "a part has no Content-Disposition header"
    ),
    (
      "multipart/form-data; boundary=x",
      "--x\r\nContent-Disposition: form-data; name=\"card.name\r\n\r\nKim\r\n--x--",
      "a part's Content-Disposition is malformed: the quoted value of name is not closed"
    ),
    (
      "multipart/form-data; boundary=x",
      "--x\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nKim\r\n--x--",
      "a part's Content-Disposition is attachment, not form-data"
    ),
    (
      "multipart/form-data; boundary=x",
      "--x\r\nContent-Disposition: form-data\r\n\r\nKim\r\n--x--",
      "a part's Content-Disposition has no name"
    ),
  ])
  func aMalformedMultipartBodyAnswers400(contentType: String, body: String, reason: String)
    async throws
  {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let request = SandboxRequest(
      method: "POST", path: "/card",
      headers: ["Content-Type": contentType, "Authorization": "Bearer \(session.accessToken)"],
      body: Data(body.utf8))
    let response = try await sandbox.handle(request)
    #expect(response.status == 400)
    #expect(try ParsedEnvelope(response).message == "the multipart body is malformed: \(reason)")
  }

  @Test func aRefusedCreationChangesNothing() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    var form = TestForm.minimal()
    form.field("card.mbti", "XXXX")
    #expect(
      try await sandbox.handle(Requests.create(form, token: session.accessToken)).status == 400)
    let card = try ParsedEnvelope(
      try await sandbox.handle(Requests.create(.minimal(), token: session.accessToken))
    ).object()
    #expect(card["cardId"] as? String == "c4")
  }

  @Test func aFormWithMorePartsThanTheLimitAnswers400NamingTheLimit() async throws {
    var form = TestForm.minimal()
    for index in 0..<31 { form.field("extra\(index)", "") }
    let (response, _) = try await created(form)
    #expect(response.status == 400)
    #expect(
      try ParsedEnvelope(response).message
        == "the multipart body is malformed: the body has more than 32 parts, the most a form may have"
    )
  }

  @Test(.timeLimit(.minutes(1)))
  func aFormIsReadBeforeItsLatencyWhileAnotherRequestHoldsTheState() async throws {
    let clock = BlockingClock()
    defer { clock.release() }
    let latency = ControlledLatency()
    latency.release.open()
    let sandbox = Sandbox(clock: clock.now, sleep: latency.hold)
    let session = try await sandbox.login()
    try await sandbox.setLatency(.milliseconds(1))

    clock.arm()
    let login = Task { try await sandbox.handle(Requests.login()) }
    try await clock.entered.wait(forAtLeast: 1)  // the login now holds the state
    var form = TestForm.minimal()
    for index in 0..<31 { form.field("extra\(index)", "") }
    let upload = Task {
      try await sandbox.handle(Requests.create(form, token: session.accessToken))
    }
    // The upload's latency, which follows the reading of its form, begins meanwhile.
    try await latency.entered.wait(forAtLeast: 2)
    clock.release()
    #expect(try await login.value.status == 200)
    let refusal = try await upload.value
    #expect(refusal.status == 400)
    #expect(try ParsedEnvelope(refusal).message.contains("more than 32 parts"))
  }
}
