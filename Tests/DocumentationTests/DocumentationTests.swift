import Foundation
import Testing

/// The documentation cannot lie: every Swift block in README.md, Architecture.md,
/// Tests/README.md, docs/ and the DocC catalogs quotes a Swift file that a package of this
/// repository compiles (the core, Server/, AsyncHTTPClientTransport/, Benchmarks/, or
/// Examples/MyApp, the consumer the README shows), and every test named in prose exists.
///
/// A block, at the margin or indented under a list item, quotes a file when its lines, each
/// without its indentation and its trailing `//` comment, are lines of the file in a row;
/// blank lines are skipped, so a block may explain itself with comments and leave out a
/// type's indentation. A block fenced with ```yaml quotes openapi.yaml: its lines are lines of
/// the file in a row, indented alike once the block's own margin is taken away. A name in
/// backticks is taken for a test when it ends in `Tests` (a suite, or `Suite.test`), or when
/// it is a lowerCamel sentence of five words or more; it must then be declared in a Swift file
/// or be a target. A count of the golden scripts is the number of
/// `Tests/CardCompositionTests/Goldens/*.script`.
@Suite("The documentation")
struct DocumentationTests {
  @Test func everySwiftBlockQuotesACompiledFile() throws {
    let sources = try Repository.swiftFiles().map { Repository.normalizedLines(of: $0.text) }
    for document in try Repository.documents() {
      for block in Repository.swiftBlocks(in: document.text) {
        let lines = Repository.normalizedLines(of: block)
        #expect(
          lines.isEmpty || sources.contains { $0.contains(run: lines) },
          "a Swift block in \(document.name) quotes no compiled file:\n\(block)")
      }
    }
  }

  @Test func everyYAMLBlockQuotesOpenAPIYAML() throws {
    let contract = Repository.marginless(
      try Repository.read("openapi.yaml").text.split(separator: "\n").map(String.init))
    for document in try Repository.documents() {
      for block in Repository.blocks(fenced: "yaml", in: document.text) {
        let lines = Repository.marginless(block.split(separator: "\n").map(String.init))
        let quoted = Repository.quotes(contract, lines)
        #expect(
          quoted,
          "a YAML block in \(document.name) is not a part of openapi.yaml:\n\(block)")
      }
    }
  }

  @Test func aYAMLBlockKeepsItsIndentationRelativeToItsFirstLine() {
    let contract = Repository.marginless(["a:", "  b:", "    c: 1", "  d: 2"])
    #expect(Repository.quotes(contract, Repository.marginless(["b:", "  c: 1"])))
    #expect(Repository.quotes(contract, Repository.marginless(["    c: 1", "  d: 2"])))
    #expect(!Repository.quotes(contract, Repository.marginless(["b:", "c: 1"])))
    #expect(!Repository.quotes(contract, Repository.marginless(["b:", "  c: 2"])))
  }

  /// "45 golden scripts" and "golden transcripts of 45 scripts" cannot go stale when a script
  /// is added.
  @Test func everyCountOfTheGoldenScriptsIsTheirNumber() throws {
    let scripts = try FileManager.default.contentsOfDirectory(
      atPath: Repository.root.appendingPathComponent("Tests/CardCompositionTests/Goldens").path
    ).filter { $0.hasSuffix(".script") }.count
    var counted = 0
    for document in try Repository.documents() {
      for count in Repository.goldenScriptCounts(in: document.text) {
        counted += 1
        #expect(
          count == scripts,
          "\(document.name) counts \(count) golden scripts; Goldens/ holds \(scripts)")
      }
    }
    #expect(counted > 0, "no document counts the golden scripts; is the wording still read?")
  }

  @Test func aBlockIndentedUnderAListItemIsCheckedWithoutItsIndentation() {
    let markdown = """
      1. **Domain.** Add the operation:

         ```swift
         func card(id: CardID) async throws(CardError) -> Card
           // the next line keeps two spaces of its own
         ```
      """
    #expect(
      Repository.swiftBlocks(in: markdown) == [
        "func card(id: CardID) async throws(CardError) -> Card\n"
          + "  // the next line keeps two spaces of its own"
      ])
  }

  @Test func everyTestNamedInProseExists() throws {
    let declared = try Repository.declaredNames()
    for document in try Repository.documents() {
      for name in Repository.backtickedNames(in: document.text) {
        for part in name.split(separator: ".").map(String.init) where Self.looksLikeATest(part) {
          #expect(declared.contains(part), "\(document.name) names \(name), which does not exist")
        }
      }
    }
  }

  /// A library product's DocC landing page is read with the other documents, so that its
  /// Swift blocks and the tests it names are checked as theirs are.
  @Test func everyLibraryProductHasACatalogTheSuiteReads() throws {
    let documents = try Repository.documents().map(\.name)
    let library = /\.library\(name:\s*"([A-Za-z][A-Za-z0-9_]*)"/
    let products = try Repository.read("Package.swift").text.matches(of: library)
      .map { String($0.output.1) }
    #expect(!products.isEmpty)
    for product in products {
      #expect(
        documents.contains { $0.hasSuffix("/\(product).docc/\(product).md") },
        "no DocC landing page \(product).docc/\(product).md among the documents")
    }
  }

  private static func looksLikeATest(_ name: String) -> Bool {
    guard let first = name.first else { return false }
    if name.hasSuffix("Tests") { return true }
    return first.isLowercase && name.filter(\.isUppercase).count >= 4
  }
}

/// This repository's files, read from the folder this test file sits in.
private enum Repository {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  struct File {
    let name: String
    let text: String
  }

  static func documents() throws -> [File] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("docs").path
    )
    .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return try (["README.md", "Architecture.md", "Tests/README.md"] + docs + catalogPages())
      .map(read)
  }

  /// The pages of the DocC catalogs (`<Target>.docc`) in the targets' folders.
  static func catalogPages() -> [String] {
    var pages: [String] = []
    for folder in ["Sources", "Tests"] {
      let url = root.appendingPathComponent(folder)
      guard let walk = FileManager.default.enumerator(atPath: url.path) else { continue }
      for case let path as String in walk where path.hasSuffix(".md") && path.contains(".docc/") {
        pages.append(folder + "/" + path)
      }
    }
    return pages.sorted()
  }

  static let manifests = [
    "Package.swift", "Server/Package.swift", "AsyncHTTPClientTransport/Package.swift",
    "Benchmarks/Package.swift", "Examples/MyApp/Package.swift",
  ]

  /// Every Swift file of the packages: their manifests, sources and tests; no build folder.
  static func swiftFiles() throws -> [File] {
    let folders = [
      "Sources", "Tests", "Server/Sources", "Server/Tests", "AsyncHTTPClientTransport/Sources",
      "AsyncHTTPClientTransport/Tests", "Benchmarks/Sources", "Benchmarks/Benchmarks",
      "Examples/MyApp/Sources", "Examples/MyApp/Tests",
    ]
    var files = try manifests.map(read)
    for folder in folders {
      let url = root.appendingPathComponent(folder)
      guard let walk = FileManager.default.enumerator(atPath: url.path) else { continue }
      for case let path as String in walk where path.hasSuffix(".swift") {
        files.append(try read(folder + "/" + path))
      }
    }
    return files
  }

  static func read(_ name: String) throws -> File {
    File(
      name: name, text: try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8))
  }

  static func swiftBlocks(in markdown: String) -> [String] {
    blocks(fenced: "swift", in: markdown)
  }

  /// The text of each block fenced with ```language, at the margin or indented under a list
  /// item; each line loses the fence's indentation.
  static func blocks(fenced language: String, in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: (indentation: Int, lines: [Substring])?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = line.drop { $0 == " " }
      let indentation = line.count - text.count
      if current == nil, text == "```" + language {
        current = (indentation, [])
      } else if let block = current, text.hasPrefix("```") {
        blocks.append(block.lines.joined(separator: "\n"))
        current = nil
      } else if let block = current {
        let margin = min(block.indentation, indentation)
        current?.lines.append(text.isEmpty ? "" : line.dropFirst(margin))
      }
    }
    return blocks
  }

  /// Lines without indentation or a trailing `//` comment, blank ones left out. A `//` inside
  /// a string literal would cut a line short on both sides alike, so quotes still compare.
  static func normalizedLines(of text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      var kept = line.drop { $0 == " " }
      if let comment = kept.range(of: "//") { kept = kept[..<comment.lowerBound] }
      let trimmed = String(kept).trimmingCharacters(in: .whitespaces)
      return trimmed.isEmpty ? nil : trimmed
    }
  }

  /// The lines that are not blank, each without the indentation all of them share and without
  /// trailing spaces.
  static func marginless(_ lines: [String]) -> [String] {
    let kept = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.filter {
      !$0.isEmpty
    }
    let margin = kept.map { line in line.prefix { $0 == " " }.count }.min() ?? 0
    return kept.map { String($0.dropFirst(margin)) }
  }

  /// Whether `block` is a run of `file`'s lines indented alike: the same lines once both runs
  /// lose their own margin.
  static func quotes(_ file: [String], _ block: [String]) -> Bool {
    guard !block.isEmpty, block.count <= file.count else { return block.isEmpty }
    return (0...(file.count - block.count)).contains { start in
      marginless(Array(file[start..<(start + block.count)])) == block
    }
  }

  /// The counts in "45 golden scripts" and "golden transcripts of 45 scripts".
  static func goldenScriptCounts(in markdown: String) -> [Int] {
    let count = /(\d+) golden scripts|golden transcripts of (\d+) scripts/
    return markdown.matches(of: count).compactMap { match in
      (match.output.1 ?? match.output.2).flatMap { Int($0) }
    }
  }

  static func backtickedNames(in markdown: String) -> [String] {
    let pattern = /`([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)`/
    return markdown.matches(of: pattern).map { String($0.output.1) }
  }

  /// The names Swift files declare, and the packages' targets.
  static func declaredNames() throws -> Set<String> {
    let declaration =
      /(?:func|struct|class|enum|actor|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)/
    let target = /name:\s*"([A-Za-z][A-Za-z0-9_-]*)"/
    var names: Set<String> = []
    for file in try swiftFiles() {
      names.formUnion(file.text.matches(of: declaration).map { String($0.output.1) })
    }
    for manifest in manifests {
      names.formUnion(try read(manifest).text.matches(of: target).map { String($0.output.1) })
    }
    return names
  }
}

extension Array where Element == String {
  /// Whether `run` is a part of this array, in a row.
  fileprivate func contains(run: [String]) -> Bool {
    guard run.count <= count else { return false }
    return (0...(count - run.count)).contains { start in
      self[start..<(start + run.count)].elementsEqual(run)
    }
  }
}
