import CardData
import CardPrimitives
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request's trip through the transport's `URLSession`: it gathers the reply, refuses one
/// over its limit as soon as the limit is crossed, or compressed although the request asked
/// for none, and gives the waiting caller one outcome. A refusal answers the caller at once and
/// never cancels the task (FoundationNetworking can then stop the process): what still arrives
/// is dropped as it comes (docs/url-session-transport.md).
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
    /// The caller has had its error, and nothing more of the reply is kept.
    var refused = false
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

  /// Against the body's own length: a streamed body's expected total is reported as 0.
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
  /// request asked for none (`Accept-Encoding: identity`): the caller has its refusal.
  func receive(_ response: URLResponse) -> Bool {
    let encoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
    state.withLock { $0.response = response }
    if let encoding, encoding.lowercased() != "identity" {
      refuse("the reply from \(server) is compressed (\(encoding)), which was not asked for")
    } else if response.expectedContentLength > Int64(replyLimit) {
      refuse(tooLarge)
    } else {
      return true
    }
    return false
  }

  /// Keeps `data` while the reply is within the limit; true when this chunk takes it past the
  /// limit and the caller has its refusal. Every chunk after a refusal is dropped.
  func append(_ data: Data) -> Bool {
    let crossed = state.withLock { state in
      guard !state.refused else { return false }
      guard state.data.count + data.count <= replyLimit else { return true }
      state.data.append(data)
      return false
    }
    if crossed { refuse(tooLarge) }
    return crossed
  }

  /// Marks the reply refused, drops what arrived, and gives the waiting caller its error.
  private func refuse(_ message: String) {
    let caller = state.withLock { state in
      state.refused = true
      state.data = Data()
      defer { state.continuation = nil }
      return state.continuation
    }
    caller?.resume(throwing: TransportError(.replyRefused, message))
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

  /// The 1xx head a task failed after: libcurl reads on past any 1xx for the next head and
  /// fails (`unsupportedURL` or `badServerResponse`), but the 1xx is the server's answer.
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

  /// Resumes the caller, unless a refusal already has. A task cancelled after a refused
  /// challenge was cancelled for that refusal alone: the 401 it was given is the reply.
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

/// The delegate of the transport's sessions: it hands each task's events to the task's
/// ``Exchange``, told apart by identity, because each session numbers its tasks from one.
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
    completionHandler(
      RedirectPolicy.request(
        following: request, location: response.value(forHTTPHeaderField: "Location"),
        from: task.originalRequest))
  }

  /// A 401's challenge is never answered (the Bearer token is the only credential): the 401 is
  /// the reply. FoundationNetworking, left to answer Basic or Digest itself, never completes
  /// the task. Any other challenge, such as a server's TLS certificate, is handled as usual.
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
      // Refusing cancels the task, off the session's work queue, where delegate calls run on
      // Linux (``InlineDelegateQueue``) and for which FoundationNetworking's cancel waits.
      DispatchQueue.global().async { completionHandler(.rejectProtectionSpace, nil) }
    default:
      completionHandler(.performDefaultHandling, nil)
    }
  }

  /// FoundationNetworking ignores `.cancel` and reads on (see ``stopReading(_:)``).
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

  /// Stops the task of a reply refused for its size on Apple platforms. FoundationNetworking
  /// fails a cancelled task later, and if the reply ended in between, the process stops: there
  /// the task is left to end, and the exchange drops each chunk (docs/url-session-transport.md).
  private static func stopReading(_ task: URLSessionDataTask) {
    #if !canImport(FoundationNetworking)
      task.cancel()
    #endif
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let exchange = exchanges.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
    exchange?.finish(response: task.response, error: error)
  }
}

#if canImport(FoundationNetworking)
  /// The sessions' delegate queue on Linux, which runs each delegate call at once on the thread
  /// that hands it over: queued, every chunk of an oversized (or inflating) reply would be in
  /// memory before the exchange could refuse it (docs/url-session-transport.md). The delegate's
  /// calls only take a lock and resume a caller, or hand a cancel to another thread.
  final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
      block()
    }
  }
#endif
