import CardData
import CardPrimitives
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request's trip through the transport's `URLSession`: it gathers the reply as it arrives,
/// refuses one larger than its limit as soon as the limit is crossed, or compressed although
/// the request asked for none, and gives the waiting caller one outcome.
///
/// A refusal answers the caller at once and never cancels the task: FoundationNetworking's
/// `cancel()` can fail a task after the task has ended by itself, which stops the process.
/// The task is left to end, and what still arrives is dropped as it comes
/// (docs/url-session-transport.md).
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
    /// Set when the reply is refused: the caller has had its error, and nothing more of the
    /// reply is kept.
    var refused = false
    /// The waiting caller, until it has its outcome.
    var continuation: Caller?
  }

  private typealias Caller = CheckedContinuation<(Data, URLResponse), any Error>

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
  /// request asked for none (`Accept-Encoding: identity`): the caller has its refusal, and no
  /// byte of the body is kept. This is the earliest FoundationNetworking allows; what libcurl
  /// still reads and inflates is in docs/url-session-transport.md.
  func receive(_ response: URLResponse) -> Bool {
    let encoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
    let refusal: String? =
      if let encoding, encoding.lowercased() != "identity" {
        "the reply from \(server) is compressed (\(encoding)), which was not asked for"
      } else if response.expectedContentLength > Int64(replyLimit) {
        tooLarge
      } else {
        nil
      }
    let refused = state.withLock { state -> Refusal? in
      state.response = response
      guard let refusal else { return nil }
      return Self.refuse(&state, refusal)
    }
    refused?.deliver()
    return refused == nil
  }

  /// Keeps `data` while the reply is within the limit. True when this chunk takes the reply past
  /// the limit: the reply is refused, what arrived is dropped and the caller has its refusal.
  /// Every chunk after a refusal is dropped as it comes.
  func append(_ data: Data) -> Bool {
    let refused = state.withLock { state -> Refusal? in
      guard !state.refused else { return nil }
      guard state.data.count + data.count <= replyLimit else {
        return Self.refuse(&state, tooLarge)
      }
      state.data.append(data)
      return nil
    }
    refused?.deliver()
    return refused != nil
  }

  /// A refused reply's error, for the caller that waited for the reply.
  private struct Refusal {
    let caller: Caller?
    let error: TransportError

    /// Called once the lock is released.
    func deliver() { caller?.resume(throwing: error) }
  }

  /// Marks the reply refused, drops what arrived and takes the waiting caller from `state`.
  private static func refuse(_ state: inout State, _ message: String) -> Refusal {
    state.refused = true
    state.data = Data()
    defer { state.continuation = nil }
    return Refusal(caller: state.continuation, error: TransportError(.replyRefused, message))
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

  /// Resumes the caller, unless a refusal already has, with the reply or why there is none. A
  /// task that ended in error after a refused challenge was cancelled by FoundationNetworking
  /// for that refusal alone: the 401 it was given is the reply.
  func finish(response: URLResponse?, error: (any Error)?) {
    let finished: (caller: Caller, outcome: Result<(Data, URLResponse), any Error>)? =
      state.withLock { state in
        guard let continuation = state.continuation else { return nil }
        state.continuation = nil
        let outcome: Result<(Data, URLResponse), any Error>
        if let error, let challenged = state.challenged {
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
    if let finished { finished.caller.resume(with: finished.outcome) }
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

  /// A refused reply's task is told to read no body: Apple's `URLSession` stops it, and
  /// FoundationNetworking ignores the disposition and reads on (see ``stopReading(_:)``).
  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let wanted = exchange(of: dataTask)?.receive(response) ?? true
    completionHandler(wanted ? .allow : .cancel)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
    totalBytesSent: Int64, totalBytesExpectedToSend: Int64
  ) {
    exchange(of: task)?.sent(totalBytesSent)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    if exchange(of: dataTask)?.append(data) == true { Self.stopReading(dataTask) }
  }

  /// Stops the task of a reply refused for its size, where that is safe. Apple's `URLSession`
  /// ends a cancelled task cleanly. FoundationNetworking's `cancel()` only marks the task,
  /// and fails it later on the session's work queue; when the reply ends by itself in between,
  /// the task has left the session and the process stops ("Trying to access a behaviour for a
  /// task that in not in the registry"), and `suspend()` has the same gap. There the task is
  /// left to end by itself, and the exchange drops each chunk as it comes.
  private static func stopReading(_ task: URLSessionDataTask) {
    #if !canImport(FoundationNetworking)
      task.cancel()
    #endif
  }

  /// Runs `work`, which cancels a task, on another thread: on Linux a delegate call runs on
  /// the session's work queue (see ``InlineDelegateQueue``), and Swift 6.3's
  /// FoundationNetworking cancels a task by waiting for that queue. Used for a refused
  /// challenge only, whose task FoundationNetworking cancels after the reply has ended, so
  /// that nothing can end the task in between.
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
  /// the delegate's own calls only take a lock and resume a caller, or hand a challenge's
  /// refusal (which cancels) to another thread.
  final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
      block()
    }
  }
#endif
