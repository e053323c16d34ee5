import Foundation
import Testing
@testable import Marginalia

/// Every annotation of every file in ../shared/corpus loads into the model, as many on each
/// page as pikepdf finds (an outside reader, not a second output of our own code).
@Suite("Annotations in the corpus")
struct CorpusAnnotationTests {
    static let corpus: URL = {
        if let path = ProcessInfo.processInfo.environment["MARGINALIA_CORPUS"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/corpus")
    }()

    /// File name -> user password, from the manifest's `password:user=` tags.
    static let passwords: [String: String] = {
        guard let manifest = try? String(contentsOf: corpus.appendingPathComponent("manifest.tsv"), encoding: .utf8) else { return [:] }
        var result: [String: String] = [:]
        for line in manifest.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count >= 5 else { continue }
            for tag in columns[4].split(separator: ",") where tag.hasPrefix("password:user=") {
                result[String(columns[0])] = String(tag.dropFirst("password:user=".count))
            }
        }
        return result
    }()

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { $0.hasSuffix(".pdf") }.sorted()
    }()

    @Test func corpusIsThere() {
        #expect(Self.files.count > 50, "the corpus is expected at \(Self.corpus.path)")
    }

    /// What an outside reader finds in each file: pikepdf (qpdf) counts the annotation
    /// dictionaries in each page's `/Annots`, or names the error that stopped it. One Python
    /// run reads the whole corpus (seconds); nil when Python or pikepdf is missing, which
    /// fails the tests below (scripts/install-deps.sh installs both).
    static let outside: [String: OutsideReading]? = {
        let script = """
            import json, os, sys
            import pikepdf
            corpus, passwords, out = sys.argv[1], json.loads(sys.argv[2]), {}
            for name in sorted(os.listdir(corpus)):
                if not name.endswith(".pdf"):
                    continue
                try:
                    with pikepdf.open(os.path.join(corpus, name), password=passwords.get(name, "")) as pdf:
                        out[name] = [sum(1 for a in annots if isinstance(a, pikepdf.Dictionary))
                                     if isinstance(annots := page.obj.get("/Annots"), pikepdf.Array) else 0
                                     for page in pdf.pages]
                except Exception as error:
                    out[name] = type(error).__name__
            print(json.dumps(out))
            """
        guard let passwords = try? JSONSerialization.data(withJSONObject: Self.passwords),
              let result = try? OutsideTools.run("python3", ["-c", script, corpus.path, String(decoding: passwords, as: UTF8.self)]),
              result.status == 0 else { return nil }
        guard let read = (try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) as? [String: Any] else { return nil }
        return read.mapValues { ($0 as? [Int]).map(OutsideReading.pages) ?? .refused("\($0)") }
    }()

    /// What pikepdf made of one file.
    enum OutsideReading: Sendable {
        /// The number of annotation dictionaries on each page.
        case pages([Int])
        /// The error that stopped it (a password, a file qpdf gives up on).
        case refused(String)
    }

    /// Each page's annotations as pikepdf counts them, and ids unique; a file the engine
    /// cannot open must be one pikepdf cannot open either (unknown passwords, qpdf-deep-pages).
    @Test(arguments: files)
    func everyAnnotationLoads(name: String) throws {
        let outside = try #require(Self.outside, "pikepdf could not read the corpus (python3 with pikepdf is needed)")
        let reading = try #require(outside[name], "pikepdf gave no reading of \(name)")
        let counts: [Int]? = if case .pages(let pages) = reading { pages } else { nil }
        let url = Self.corpus.appendingPathComponent(name)
        let document: PDFDocument
        do {
            document = try PDFDocument(url: url, password: Self.passwords[name])
        } catch {
            #expect(counts == nil, "\(name): pikepdf reads \(counts?.count ?? 0) pages, the engine throws \(error)")
            return
        }
        let pageCount = try document.pageCount
        // Files pikepdf refuses but the engine repairs are compared with their own page count only.
        let expected = counts ?? []
        if counts != nil { #expect(pageCount == expected.count, "\(name): page count") }
        for index in 0..<pageCount {
            let page: PDFPage
            do {
                page = try document.page(at: index)
            } catch is PDFError where counts == nil {
                // A file pikepdf refuses too (qpdf-deep-pages: a page tree past the depth limit)
                // may have pages the engine refuses, with a PDFError, never a crash.
                continue
            }
            let (annotations, _) = try document.readAnnotations(onPage: index)
            #expect(annotations.count == page.annotationCount, "\(name) page \(index + 1)")
            if index < expected.count {
                #expect(annotations.count == expected[index], "\(name) page \(index + 1): pikepdf reads \(expected[index])")
            }
            #expect(Set(annotations.map(\.id)).count == annotations.count, "\(name) page \(index + 1): ids are unique")
            // Encoding to JSON never fails on what was read.
            _ = try AnnotationJSON.encode(annotations)
        }
    }
}
