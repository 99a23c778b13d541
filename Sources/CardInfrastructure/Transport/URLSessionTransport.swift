import CardData
import CardPrimitives
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The `CardData.HTTPTransport` that sends requests through its own `URLSession`: every
/// status comes back as a `CardData.HTTPResponse`, and redirects never carry credentials to
/// another origin. The FoundationNetworking quirks it absorbs: docs/url-session-transport.md.
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let sessionConfiguration: URLSessionConfiguration
  private let delegate = SessionDelegate()
  private let requestTimeoutInterval: TimeInterval
  private let resourceTimeout: Duration
  private let maximumReplySize: Int

  public init(configuration: Configuration = Configuration()) {
    requestTimeoutInterval = configuration.urlRequestTimeoutInterval
    resourceTimeout = configuration.resourceTimeout
    maximumReplySize = configuration.maximumReplySize
    sessionConfiguration = configuration.makeSessionConfiguration()
    session = Self.makeSession(sessionConfiguration, delegate)
  }

  private static func makeSession(
    _ configuration: URLSessionConfiguration, _ delegate: SessionDelegate
  ) -> URLSession {
    #if canImport(FoundationNetworking)
      URLSession(
        configuration: configuration, delegate: delegate, delegateQueue: InlineDelegateQueue())
    #else
      URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    #endif
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Cancelling the calling `Task` cancels the `URLSession` task and throws
  /// `CardData.TransportError.Kind.cancelled`; an exchange past the resource timeout throws
  /// `CardData.TransportError.Kind.timedOut`, and a reply over the size limit
  /// `CardData.TransportError.Kind.replyRefused` as soon as it crosses it.
  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    let outgoing = try OutgoingRequest(request, timeoutInterval: requestTimeoutInterval)
    let (data, response): (Data, URLResponse)
    do {
      (data, response) = try await exchange(outgoing)
    } catch let error as TransportError {
      throw error
    } catch {
      if let failure = outgoing.bodyStream?.failure { throw failure }
      throw TransportError(
        urlSessionError: error, request: outgoing.urlRequest, taskIsCancelled: Task.isCancelled)
    }
    return try HTTPResponse(response, body: data)
  }

  /// Races the exchange against a timer of ``resourceTimeout`` (FoundationNetworking ignores
  /// `timeoutIntervalForResource`), or of the request's time limit when that is shorter.
  ///
  /// A request with a body goes through a session, so a connection, of its own: libcurl resends
  /// a request whose reused connection dropped, and FoundationNetworking then sends no body.
  private func exchange(_ outgoing: OutgoingRequest) async throws -> (Data, URLResponse) {
    let session =
      outgoing.hasBody
      ? Self.makeSession(sessionConfiguration, delegate) : self.session
    defer { if session !== self.session { session.finishTasksAndInvalidate() } }
    let server = FailedRequest.server(of: outgoing.urlRequest.url)
    let exchange = Exchange(
      replyLimit: maximumReplySize, server: server, progress: outgoing.uploadProgress,
      bodyLength: outgoing.bodyLength)
    let task =
      if let file = outgoing.uploadFile {
        session.uploadTask(with: outgoing.urlRequest, fromFile: file)
      } else {
        session.dataTask(with: outgoing.urlRequest)
      }
    delegate.register(exchange, for: task)
    let timeout = min(outgoing.timeLimit ?? resourceTimeout, resourceTimeout)
    let timedOut =
      timeout < resourceTimeout
      ? "the reply from \(server) was not complete by the call's deadline"
      : "no complete response from \(server) within \(timeout.timeInterval.spokenDuration)"
        + " (the resource timeout)"
    return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
      group.addTask { try await exchange.run(task) }
      group.addTask {
        try await Task.sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let result = first else {
        throw TransportError(.timedOut, timedOut)
      }
      return result
    }
  }
}

extension URLSessionTransport {
  /// How a ``URLSessionTransport`` sends requests; the timeouts are checked when it is made.
  public struct Configuration {
    package static let defaultRequestTimeout = Duration.seconds(30)
    public static let defaultResourceTimeout = Duration.seconds(300)
    package static let maximumTimeout = Duration.seconds(7 * 24 * 3600)
    /// 16 MiB: a list of a thousand cards is about 350 KiB.
    public static let defaultMaximumReplySize = 16 << 20

    /// How long a request may go without any data arriving before it fails with
    /// ``CardData/TransportError/Kind/timedOut``; rounded up to whole seconds on Linux.
    package private(set) var requestTimeout = defaultRequestTimeout
    /// How long a whole exchange may take, even while data keeps arriving, before it fails with
    /// ``CardData/TransportError/Kind/timedOut``: it bounds how long a slow server holds what
    /// the caller holds meanwhile, such as the store's refresh lock.
    package private(set) var resourceTimeout = defaultResourceTimeout
    /// The most bytes a reply body may have, counted as they arrive: a larger one fails with
    /// ``CardData/TransportError/Kind/replyRefused`` before more of it is held in memory.
    package private(set) var maximumReplySize = defaultMaximumReplySize
    /// Copied for the transport's own `URLSession`; tests set `protocolClasses`.
    package var sessionConfiguration: URLSessionConfiguration

    public init(
      sessionConfiguration: URLSessionConfiguration = Self.defaultSessionConfiguration()
    ) {
      self.sessionConfiguration = sessionConfiguration
    }

    /// Throws ``ConfigurationError`` unless each timeout is in (0, `maximumTimeout`] and the
    /// reply size is positive.
    public init(
      requestTimeout: Duration,
      resourceTimeout: Duration = Self.defaultResourceTimeout,
      maximumReplySize: Int = Self.defaultMaximumReplySize,
      sessionConfiguration: URLSessionConfiguration = Self.defaultSessionConfiguration()
    ) throws(ConfigurationError) {
      for (name, timeout) in [
        ("requestTimeout", requestTimeout), ("resourceTimeout", resourceTimeout),
      ]
      where timeout <= .zero || timeout > Self.maximumTimeout {
        throw ConfigurationError(
          "\(name) must be positive and at most \(Self.maximumTimeout), not \(timeout)")
      }
      guard maximumReplySize > 0 else {
        throw ConfigurationError("maximumReplySize must be positive, not \(maximumReplySize)")
      }
      self.init(sessionConfiguration: sessionConfiguration)
      self.requestTimeout = requestTimeout
      self.resourceTimeout = resourceTimeout
      self.maximumReplySize = maximumReplySize
    }

    /// Ephemeral, without a URL cache or cookies: the pipeline owns credentials.
    public static func defaultSessionConfiguration() -> URLSessionConfiguration {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      configuration.httpCookieStorage = nil
      configuration.httpShouldSetCookies = false
      return configuration
    }

    func makeSessionConfiguration() -> URLSessionConfiguration {
      let copy =
        (sessionConfiguration.copy() as? URLSessionConfiguration) ?? sessionConfiguration
      copy.timeoutIntervalForResource = resourceTimeout.timeInterval
      return copy
    }

    /// FoundationNetworking truncates the interval to whole seconds: rounded up, a timeout
    /// under one second does not fail every request at once.
    var urlRequestTimeoutInterval: TimeInterval {
      #if canImport(FoundationNetworking)
        return requestTimeout.timeInterval.rounded(.up)
      #else
        return requestTimeout.timeInterval
      #endif
    }
  }

  /// A ``Configuration`` that cannot be used, such as a timeout that is not positive.
  public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Starts with `invalid configuration:`.
    package let message: String

    init(_ reason: String) { message = "invalid configuration: " + reason }

    public var description: String { message }
  }
}

/// An ``CardData/HTTPRequest`` as `URLSession` sends it: a `.data` body in `httpBody`; a `.file`
/// body streamed by an upload task with its `Content-Length`, and also an unopened
/// `httpBodyStream` (FoundationNetworking hands a `URLProtocol` no upload body); a `.segments`
/// body as a ``SegmentedBodyStream``, sent chunked by FoundationNetworking.
struct OutgoingRequest {
  var urlRequest: URLRequest
  var uploadFile: URL?
  var bodyStream: SegmentedBodyStream?
  var timeLimit: Duration?
  var uploadProgress: UploadProgressSink?
  var bodyLength: Int64
  var hasBody: Bool { urlRequest.httpBody != nil || urlRequest.httpBodyStream != nil }

  /// A `.file` body, or a `.segments` body's file, that is missing, unreadable or not of the
  /// stated length throws ``CardData/TransportError/Kind/invalidRequest``.
  init(_ request: HTTPRequest, timeoutInterval: TimeInterval) throws(TransportError) {
    timeLimit = request.timeLimit
    uploadProgress = request.uploadProgress
    bodyLength = request.body.length
    var urlRequest = URLRequest(url: request.url)
    // Through the property: FoundationNetworking ignores the initializer's interval.
    urlRequest.timeoutInterval = timeoutInterval
    urlRequest.httpMethod = request.method.rawValue
    for field in request.headers {
      urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
    }
    // libcurl would otherwise ask for, and inflate, any compression; see `Exchange.receive`.
    if request.headers["Accept-Encoding"] == nil {
      urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    }
    // Without a `Content-Type`, FoundationNetworking would add a form type to a POST.
    if request.body != .empty, request.headers["Content-Type"] == nil {
      urlRequest.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
    }
    switch request.body {
    case .empty: break
    case .data(let data): urlRequest.httpBody = data
    case .file(let url, let length):
      try Self.check(url, length: length)
      urlRequest.httpBodyStream = InputStream(url: url)
      uploadFile = url
    case .segments(let segments):
      for case .file(let url, let length) in segments { try Self.check(url, length: length) }
      let stream = SegmentedBodyStream(segments)
      urlRequest.httpBodyStream = stream
      bodyStream = stream
      #if !canImport(FoundationNetworking)
        urlRequest.setValue(String(request.body.length), forHTTPHeaderField: "Content-Length")
      #endif
    }
    self.urlRequest = urlRequest
  }

  /// Throws unless `url` names a readable regular file of exactly `length` bytes, which
  /// FoundationNetworking would report as "File system error" or not at all.
  private static func check(_ url: URL, length: Int64) throws(TransportError) {
    func invalid(_ problem: String) -> TransportError {
      TransportError(.invalidRequest, "body file \(url.path) \(problem)")
    }
    guard url.isFileURL else {
      throw TransportError(.invalidRequest, "body file \(url) is not a file URL")
    }
    // Follows a symbolic link, as the upload does.
    var info = stat()
    guard stat(url.path, &info) == 0 else {
      throw invalid("cannot be read: \(FileError("stat", url.path).reason)")
    }
    guard info.isRegularFile else { throw invalid("is not a regular file") }
    guard access(url.path, R_OK) == 0 else { throw invalid("is not readable") }
    guard Int64(info.st_size) == length else {
      throw invalid("has \(info.st_size) bytes, not \(length)")
    }
  }
}

extension HTTPResponse {
  /// Fields come sorted by name, for a stable order (`URLSession` keeps them in a dictionary).
  /// A response that is not HTTP throws ``CardData/TransportError/Kind/other``.
  init(_ response: URLResponse, body: Data) throws(TransportError) {
    guard let response = response as? HTTPURLResponse else {
      throw TransportError(.other, "not an HTTP response: \(type(of: response))")
    }
    let fields = response.allHeaderFields.map { name, value in
      HTTPHeaders.Field(name: "\(name.base)", value: "\(value)")
    }
    self.init(
      status: response.statusCode,
      headers: HTTPHeaders(fields.sorted { $0.name.lowercased() < $1.name.lowercased() }),
      body: body)
  }
}
