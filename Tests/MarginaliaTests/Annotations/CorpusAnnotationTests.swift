import Foundation
import Testing
@testable import Marginalia

/// Every annotation of every file in ../shared/corpus loads into the model.
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

    @Test(arguments: files)
    func everyAnnotationLoads(name: String) throws {
        let url = Self.corpus.appendingPathComponent(name)
        let document: PDFDocument
        do {
            document = try PDFDocument(url: url, password: Self.passwords[name])
        } catch PDFError.passwordRequired, PDFError.unsupportedEncryption {
            return  // unknown passwords and certificate encryption: nothing to read
        } catch {
            // Files no engine opens (qpdf-deep-pages) are the corpus's own business.
            return
        }
        guard let count = try? document.pageCount else { return }
        for index in 0..<count {
            guard let page = try? document.page(at: index) else { continue }
            let (annotations, _) = try document.readAnnotations(onPage: index)
            #expect(annotations.count == page.annotationCount, "\(name) page \(index + 1)")
            #expect(Set(annotations.map(\.id)).count == annotations.count, "\(name) page \(index + 1): ids are unique")
            // Encoding to JSON never fails on what was read.
            _ = try AnnotationJSON.encode(annotations)
        }
    }
}
