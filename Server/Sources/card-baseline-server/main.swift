import Foundation
import Hummingbird
import NIOCore

// card-baseline-server PORT BODY-FILE: the least a Hummingbird server can do for
// `GET /cards`, answering the bytes of BODY-FILE as JSON on 127.0.0.1:PORT, with no sandbox
// behind it. The throughput drill (drills/list-throughput.sh) measures card-server against it.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, let port = Int(arguments[0]),
  let body = FileManager.default.contents(atPath: arguments[1])
else {
  FileHandle.standardError.write(Data("usage: card-baseline-server PORT BODY-FILE\n".utf8))
  exit(64)
}
let buffer = ByteBuffer(bytes: body)
let router = Router()
router.get("cards") { _, _ in
  Response(
    status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
    body: ResponseBody(byteBuffer: buffer))
}
let application = Application(
  router: router,
  configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port)))
try await application.runService()
