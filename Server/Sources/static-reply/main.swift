import Foundation
import Hummingbird
import Logging
import NIOCore

// The yardstick of `Server/drills/reads.py`, and nothing else: the least a Hummingbird server
// can do to answer one route, so that the drill can say how far `card-server`'s `GET /cards`
// is from it on this machine. It serves the bytes of FILE with CONTENT-TYPE at PATH on
// 127.0.0.1, on a free port, and prints its URL as the first line, as `card-server --port 0`
// does.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: static-reply PATH CONTENT-TYPE FILE\n".utf8))
  exit(64)
}
let (path, contentType, file) = (arguments[0], arguments[1], arguments[2])
guard let bytes = FileManager.default.contents(atPath: file) else {
  FileHandle.standardError.write(Data("static-reply: cannot read \(file)\n".utf8))
  exit(1)
}
let reply = ByteBuffer(bytes: bytes)

let router = Router()
router.get(RouterPath(path)) { _, _ in
  Response(
    status: .ok, headers: [.contentType: contentType],
    body: ResponseBody(byteBuffer: reply))
}
var logger = Logger(label: "static-reply")
logger.logLevel = .warning
let application = Application(
  router: router,
  configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
  onServerRunning: { channel in
    let port = channel.localAddress?.port ?? 0
    FileHandle.standardOutput.write(Data("http://127.0.0.1:\(port)\n".utf8))
  },
  logger: logger)
try await application.runService()
