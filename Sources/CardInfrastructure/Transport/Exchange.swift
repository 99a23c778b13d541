import CardData
import CardPrimitives
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request's trip through the transport's `URLSession`: it gathers the reply as it arrives,
/// refuses one larger than its limit as soon as the limit is crossed, or compressed although
/// the request asked for none, and gives the waiting caller one outcome.
final class Exchange: Sendable {
  private let replyLimit: Int
  private let server: String
  private let progress: UploadProgressSink?
  private let bodyLength: Int64
  private let state = Protected(State())

  private struct State {
    var data = Data()
    var response: URLResponse?
    /// The 401 whose authentication challenge was refused; see ``SessionDelegate``.
    var challenged: HTTPURLResponse?
    /// Why the reply is not read further.
    var refusal: String?
    var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
  }

  /// `progress` is told of the request's body of `bodyLength` bytes as it goes out.
  init(
    replyLimit: Int, server: String, progress: UploadProgressSink? = nil, bodyLength: Int64 = 0
  ) {
    self.replyLimit = replyLimit
    self.server = server
    self.progress = progress
    self.bodyLength = bodyLength
  }

  /// FoundationNetworking's count of the body's bytes handed to libcurl, which is what the
  /// sink hears: against the body's own length, because a streamed body's expected total is
  /// reported as 0 (docs/url-session-transport.md).
  func sent(_ totalBytesSent: Int64) {
    progress?(sent: min(totalBytesSent, bodyLength), of: bodyLength)
  }

  /// Resumes `task` and waits for its outcome; cancelling the calling task cancels `task`.
  func run(_ task: URLSessionTask) async throws -> (Data, URLResponse) {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        state.withLock { $0.continuation = continuation }
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
  }

  /// False when the reply announces more bytes than the limit, or comes compressed although the
  /// request asked for none (`Accept-Encoding: identity`): the task is to be cancelled and
  /// nothing of its body is read. This is the earliest FoundationNetworking allows; what
  /// libcurl has inflated by then is in docs/url-session-transport.md.
  func receive(_ response: URLResponse) -> Bool {
    let encoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
    return state.withLock { state in
      state.response = response
      if let encoding, encoding.lowercased() != "identity" {
        state.refusal =
          "the reply from \(server) is compressed (\(encoding)), which was not asked for"
      } else if response.expectedContentLength > Int64(replyLimit) {
        state.refusal = tooLarge
      }
      return state.refusal == nil
    }
  }

  /// False once the reply has grown past the limit: what arrived is dropped at once, and the
  /// task is to be cancelled.
  func append(_ data: Data) -> Bool {
    state.withLock { state in
      guard state.refusal == nil else { return false }
      guard state.data.count + data.count <= replyLimit else {
        state.refusal = tooLarge
        state.data = Data()
        return false
      }
      state.data.append(data)
      return true
    }
  }

  private var tooLarge: String {
    "the reply from \(server) is larger than \(Self.spoken(replyLimit)) (the reply limit)"
  }

  /// `16 MiB`, `64 KiB` or `1000 bytes`.
  private static func spoken(_ size: Int) -> String {
    if size % (1 << 20) == 0 { return "\(size >> 20) MiB" }
    if size % (1 << 10) == 0 { return "\(size >> 10) KiB" }
    return "\(size) bytes"
  }

  /// The 1xx head a failed task was last given, when the failure is libcurl's reading of what
  /// followed it: libcurl takes any 1xx head for an interim one and reads on for the next, so
  /// a server that answers with a 1xx fails as "Received HTTP/0.9 when not allowed"
  /// (`unsupportedURL`), or "Empty reply from server" (`badServerResponse`) when nothing
  /// follows. That 1xx is the server's answer, for the caller to judge as a reply.
  private static func finalInterimResponse(_ response: URLResponse?, _ error: any Error)
    -> HTTPURLResponse?
  {
    guard let response = response as? HTTPURLResponse, (100..<200).contains(response.statusCode),
      let code = (error as? URLError)?.code, [.unsupportedURL, .badServerResponse].contains(code)
    else { return nil }
    return response
  }

  func refusedChallenge(of response: URLResponse?) {
    state.withLock { $0.challenged = response as? HTTPURLResponse }
  }

  /// Resumes the caller once, with the reply or why there is none. A task that ended in error
  /// after a refused challenge was cancelled by FoundationNetworking for that refusal alone:
  /// the 401 it was given is the reply.
  func finish(response: URLResponse?, error: (any Error)?) {
    let (continuation, outcome) = state.withLock { state in
      let continuation = state.continuation
      state.continuation = nil
      let outcome: Result<(Data, URLResponse), any Error>
      if let refusal = state.refusal {
        outcome = .failure(TransportError(.replyRefused, refusal))
      } else if let error, let challenged = state.challenged {
        outcome =
          (error as? URLError)?.code == .cancelled
          ? .success((state.data, challenged)) : .failure(error)
      } else if let error, let interim = Self.finalInterimResponse(state.response, error) {
        outcome = .success((Data(), interim))
      } else if let error {
        outcome = .failure(error)
      } else if let response = response ?? state.response {
        outcome = .success((state.data, response))
      } else {
        outcome = .failure(URLError(.badServerResponse))
      }
      return (continuation, outcome)
    }
    continuation?.resume(with: outcome)
  }
}

/// The delegate of the transport's sessions, in the manner of Alamofire's `SessionDelegate`:
/// it hands each task's events to the task's ``Exchange``, registered before the task resumes.
/// Tasks are told apart by identity, because each session numbers its tasks from one.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let exchanges = Protected<[ObjectIdentifier: Exchange]>([:])

  func register(_ exchange: Exchange, for task: URLSessionTask) {
    exchanges.withLock { $0[ObjectIdentifier(task)] = exchange }
  }

  private func exchange(of task: URLSessionTask) -> Exchange? {
    exchanges.withLock { $0[ObjectIdentifier(task)] }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(RedirectPolicy.request(following: request, from: task.originalRequest))
  }

  /// The Bearer token is this client's only credential, so a 401's challenge is never
  /// answered: the 401 is the reply. FoundationNetworking, left to answer a Basic or Digest
  /// challenge itself, never completes the task; refused, it cancels it at once. Any other
  /// challenge, such as a server's TLS certificate, is handled the default way.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler:
      @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?)
      -> Void
  ) {
    switch challenge.protectionSpace.authenticationMethod {
    case NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
      NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
      NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTMLForm:
      exchange(of: task)?.refusedChallenge(of: challenge.failureResponse)
      // Refusing cancels the task, which must not happen on the work queue: see cancel(_:).
      Self.offTheWorkQueue { completionHandler(.rejectProtectionSpace, nil) }
    default:
      completionHandler(.performDefaultHandling, nil)
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let wanted = exchange(of: dataTask)?.receive(response) ?? true
    completionHandler(wanted ? .allow : .cancel)
    // FoundationNetworking ignores the disposition.
    if !wanted { Self.offTheWorkQueue { dataTask.cancel() } }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
    totalBytesSent: Int64, totalBytesExpectedToSend: Int64
  ) {
    exchange(of: task)?.sent(totalBytesSent)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    if exchange(of: dataTask)?.append(data) == false { Self.offTheWorkQueue { dataTask.cancel() } }
  }

  /// Runs `work`, which cancels a task, on another thread: on Linux a delegate call runs on
  /// the session's work queue (see ``InlineDelegateQueue``), and Swift 6.3's
  /// FoundationNetworking cancels a task by waiting for that queue.
  private static func offTheWorkQueue(_ work: @escaping @Sendable () -> Void) {
    DispatchQueue.global().async(execute: work)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let exchange = exchanges.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
    exchange?.finish(response: task.response, error: error)
  }
}

#if canImport(FoundationNetworking)
  /// The transport's sessions' delegate queue on Linux, which runs each delegate call at once
  /// on the thread that hands it over. FoundationNetworking queues one operation per 16 KiB
  /// that libcurl delivers, and libcurl inflates up to a hundred socket reads in one pass
  /// before a cancel can run: queued, a 1 MB gzip reply of 1 GiB was all in memory (1.18 GB)
  /// before the exchange refused it. Run at once, each chunk is dropped as it comes.
  /// FoundationNetworking's completion handlers return to its work queue asynchronously, and
  /// the delegate's own calls only take a lock and resume a caller, or cancel from another
  /// thread.
  final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
      block()
    }
  }
#endif
