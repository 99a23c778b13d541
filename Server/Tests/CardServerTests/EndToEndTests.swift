import Testing

/// The end-to-end suites: `card-repl` and the Data layer against live servers in this
/// process. One test at a time: a server keeping a card with a large image spends seconds of
/// the process's few threads on each request, which would stall the other tests' servers
/// past their clients' deadlines on a busy machine.
// A real timeout's safety limit: a card-repl or a server that never answers fails the run
// instead of hanging CI.
@Suite("End to end", .serialized, .timeLimit(.minutes(10)))
enum EndToEndTests {}
