import Testing

/// Every operation of openapi.yaml, its successes and its errors, called through the client
/// that Apple's Swift OpenAPI Generator makes from the document, against a running
/// `card-server`: the contract as an outside client author meets it. Serialized, since the
/// tests share one server and each resets it.
@Suite("The generated client against card-server", .serialized, .timeLimit(.minutes(2)))
enum GeneratedClientTests {}
