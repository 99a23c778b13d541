import CardData
import CardPrimitives
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The ``CardData/HTTPTransport`` that sends requests through its own `URLSession`: every
/// status comes back as an ``CardData/HTTPResponse``, and redirects never carry credentials to
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
  /// ``CardData/TransportError/Kind/cancelled``; an exchange still running after the resource
  /// timeout is cancelled and throws ``CardData/TransportError/Kind/timedOut``, and a reply
  /// larger than ``Configuration/maximumReplySize`` throws
  /// ``CardData/TransportError/Kind/replyRefused`` as soon as it crosses the limit.
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

  /// Races the exchange against a timer of ``resourceTimeout``, because FoundationNetworking
  /// ignores `timeoutIntervalForResource`, or of the request's ``CardData/HTTPRequest/timeLimit``
  /// when that is shorter.
  ///
  /// A request with a body goes through a session of its own, so on a connection of its own:
  /// when a reused connection drops before the reply, libcurl sends the request again, and
  /// FoundationNetworking then sends the headers without the body, which the server waits
  /// for until it gives up. A new connection is never retried that way.
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
  /// How a ``URLSessionTransport`` sends requests; the timeouts are checked when it is made
  /// and fixed after. Not `Sendable`: the transport copies what it needs.
  public struct Configuration {
    public static let defaultRequestTimeout = Duration.seconds(30)
    public static let defaultResourceTimeout = Duration.seconds(300)
    public static let maximumTimeout = Duration.seconds(7 * 24 * 3600)
    /// 16 MiB: a list of a thousand cards is about 350 KiB.
    public static let defaultMaximumReplySize = 16 << 20

    /// How long a request may go without any data arriving before it fails with
    /// ``CardData/TransportError/Kind/timedOut``; rounded up to whole seconds on Linux.
    public let requestTimeout: Duration
    /// How long a whole exchange may take, even while data keeps arriving, before it is
    /// cancelled with ``CardData/TransportError/Kind/timedOut``: it bounds how long a slow
    /// server holds whatever the caller holds meanwhile, such as the store's refresh lock.
    public let resourceTimeout: Duration
    /// The most bytes a reply body may have, counted as they arrive (after decompression): a
    /// larger one fails with ``CardData/TransportError/Kind/replyRefused`` before more of it
    /// is held in memory.
    public let maximumReplySize: Int
    /// Copied for the transport's own `URLSession`; tests set `protocolClasses`.
    public var sessionConfiguration: URLSessionConfiguration

    public init(
      sessionConfiguration: URLSessionConfiguration = Self.defaultSessionConfiguration()
    ) {
      self.requestTimeout = Self.defaultRequestTimeout
      self.resourceTimeout = Self.defaultResourceTimeout
      self.maximumReplySize = Self.defaultMaximumReplySize
      self.sessionConfiguration = sessionConfiguration
    }

    /// Throws ``ConfigurationError`` unless each timeout is positive and at most
    /// ``maximumTimeout``, and the reply size is positive.
    public init(
      requestTimeout: Duration,
      resourceTimeout: Duration = Self.defaultResourceTimeout,
      maximumReplySize: Int = Self.defaultMaximumReplySize,
      sessionConfiguration: URLSessionConfiguration = Self.defaultSessionConfiguration()
    ) throws(ConfigurationError) {
      try Self.check(requestTimeout, named: "requestTimeout")
      try Self.check(resourceTimeout, named: "resourceTimeout")
      guard maximumReplySize > 0 else {
        throw ConfigurationError("maximumReplySize must be positive, not \(maximumReplySize)")
      }
      self.requestTimeout = requestTimeout
      self.resourceTimeout = resourceTimeout
      self.maximumReplySize = maximumReplySize
      self.sessionConfiguration = sessionConfiguration
    }

    /// An ephemeral session configuration without a URL cache or cookie storage: the
    /// request pipeline owns credentials, and API responses are never answered from a cache.
    public static func defaultSessionConfiguration() -> URLSessionConfiguration {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      configuration.httpCookieStorage = nil
      configuration.httpShouldSetCookies = false
      return configuration
    }

    /// A copy, so that the caller's object is left as it was.
    func makeSessionConfiguration() -> URLSessionConfiguration {
      let copy =
        (sessionConfiguration.copy() as? URLSessionConfiguration) ?? sessionConfiguration
      copy.timeoutIntervalForResource = resourceTimeout.timeInterval
      return copy
    }

    /// FoundationNetworking truncates the interval to whole seconds, so that a timeout under
    /// one second would fail every request at once; rounding up keeps it at least as asked.
    var urlRequestTimeoutInterval: TimeInterval {
      #if canImport(FoundationNetworking)
        return requestTimeout.timeInterval.rounded(.up)
      #else
        return requestTimeout.timeInterval
      #endif
    }

    private static func check(_ timeout: Duration, named name: String) throws(ConfigurationError) {
      guard timeout > .zero, timeout <= maximumTimeout else {
        throw ConfigurationError(
          "\(name) must be positive and at most \(maximumTimeout), not \(timeout)")
      }
    }
  }

  /// A ``Configuration`` that cannot be used, such as a timeout that is not positive.
  public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Starts with `invalid configuration:`.
    public let message: String

    init(_ reason: String) { message = "invalid configuration: " + reason }

    public var description: String { message }
  }
}

/// An ``CardData/HTTPRequest`` turned into what `URLSession` sends: a `.data` body in
/// `httpBody`, a `.file` body streamed by an upload task from the file with its `Content-Length`
/// (a stream alone would go out chunked). The file is also an unopened `httpBodyStream`,
/// because FoundationNetworking hands a `URLProtocol` no upload body. A `.segments` body is a
/// ``SegmentedBodyStream`` in `httpBodyStream`: FoundationNetworking sends any stream chunked,
/// and Apple platforms send it with the `Content-Length` set here.
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

  /// Throws unless `url` names a readable regular file of exactly `length` bytes; unchecked,
  /// FoundationNetworking reports a missing file only as "File system error", a `URLProtocol`
  /// reads it as an empty body, and a file of another length goes out unnoticed.
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
  /// `URLSession` keeps header fields in a dictionary that has already joined repeated fields
  /// with commas, so they come out sorted by name for a stable order. A response that is not
  /// HTTP throws ``CardData/TransportError/Kind/other``.
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
