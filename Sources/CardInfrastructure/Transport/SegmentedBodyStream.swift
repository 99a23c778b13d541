import CardData
import CardPrimitives
import Foundation

/// The `InputStream` that `URLSession` reads a `.segments` body from: each segment in order,
/// files read from disk as they go, so that a body of any size is sent with no copy of it.
/// A file must hold exactly the length its segment states: one that is missing, ends early or
/// is longer fails the stream, and ``failure`` says which file and how.
final class SegmentedBodyStream: InputStream {
  private let segments: [HTTPBody.Segment]
  private let state = Protected(State())

  private struct State {
    var status = Stream.Status.notOpen
    var index = 0
    var offset: Int64 = 0
    var file: PosixFile?
    var failure: TransportError?
  }

  init(_ segments: [HTTPBody.Segment]) {
    self.segments = segments
    super.init(data: Data())
  }

  deinit {
    state.withLock { $0.file?.closeIgnoringErrors() }
  }

  var failure: TransportError? { state.withLock { $0.failure } }

  override func open() {
    state.withLock { if $0.status == .notOpen { $0.status = .open } }
  }

  override func close() {
    state.withLock { state in
      state.file?.closeIgnoringErrors()
      state.file = nil
      state.status = .closed
    }
  }

  override var streamStatus: Stream.Status { state.withLock { $0.status } }

  override var streamError: (any Error)? { failure }

  override var hasBytesAvailable: Bool {
    state.withLock { $0.status == .open && $0.index < segments.count }
  }

  /// Up to `length` bytes of the current segment; 0 at the end of the body, -1 on failure.
  override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
    state.withLock { state in
      guard state.status == .open else { return state.failure == nil ? 0 : -1 }
      while state.index < segments.count {
        let count = read(into: buffer, length, &state)
        if count != 0 { return count }
      }
      state.status = .atEnd
      return 0
    }
  }

  /// Reads from the current segment: 0 when it moved on to the next, -1 when the stream failed.
  private func read(
    into buffer: UnsafeMutablePointer<UInt8>, _ length: Int, _ state: inout State
  ) -> Int {
    let segment = segments[state.index]
    let wanted = Int(min(Int64(length), segment.length - state.offset))
    switch segment {
    case .data(let data):
      guard wanted > 0 else { return next(&state) }
      let start = data.startIndex + Int(state.offset)
      data.copyBytes(to: buffer, from: start..<start + wanted)
      state.offset += Int64(wanted)
      return wanted
    case .file(let url, let expected):
      if state.file == nil {
        do {
          state.file = try PosixFile(opening: url.path, flags: O_RDONLY)
        } catch {
          return fail(&state, url, "cannot be read: \(error.reason)")
        }
      }
      guard let file = state.file else { return -1 }
      guard wanted > 0 else {
        // The file's end must come where the segment's does.
        var extra: UInt8 = 0
        guard readFile(file.descriptor, &extra, 1) == 0 else {
          return fail(&state, url, "grew beyond the \(expected) bytes it had when measured")
        }
        file.closeIgnoringErrors()
        state.file = nil
        return next(&state)
      }
      let count = readFile(file.descriptor, buffer, wanted)
      guard count > 0 else {
        let reason =
          count < 0
          ? "cannot be read: \(String(cString: strerror(errno)))"
          : "ended after \(state.offset) of its \(expected) bytes"
        return fail(&state, url, reason)
      }
      state.offset += Int64(count)
      return count
    }
  }

  private func next(_ state: inout State) -> Int {
    state.index += 1
    state.offset = 0
    return 0
  }

  private func fail(_ state: inout State, _ url: URL, _ problem: String) -> Int {
    state.failure = TransportError(.invalidRequest, "body file \(url.path) \(problem)")
    state.status = .error
    state.file?.closeIgnoringErrors()
    state.file = nil
    return -1
  }

  override func getBuffer(
    _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
    length: UnsafeMutablePointer<Int>
  ) -> Bool { false }
}

/// `read(2)` into `buffer`, retried on `EINTR`: the count read, 0 at the end, -1 on failure.
private func readFile(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  retryingInterrupts { read(descriptor, buffer, count) }
}
