import PDFCore

/// Reads a whole document and lists what is wrong with it: repairs, objects that cannot
/// be parsed, streams that cannot be decoded, pages that cannot be read, page content a
/// renderer would stumble on. What other readers take in their stride (unknown operators,
/// unbalanced `q`/`Q`) is listed as a note, not a problem.
public struct DocumentChecker {
    public let document: PDFDocument

    public init(document: PDFDocument) {
        self.document = document
    }

    public struct Report: Sendable {
        public var pageCount = 0
        public var objectCount = 0
        public var problems: [String] = []
        /// Oddities that do not make the file damaged.
        public var notes: [String] = []
    }

    public func run() -> Report {
        var report = Report()
        let file = document.file
        for number in file.objectNumbers {
            let reference = PDFReference(number, file.generation(of: number))
            do {
                let object = try file.object(for: reference)
                report.objectCount += 1
                if case .stream = object {
                    do {
                        _ = try file.decodedData(of: .reference(reference))
                    } catch {
                        report.problems.append("object \(number): stream cannot be decoded: \(error)")
                    }
                }
            } catch {
                report.problems.append("object \(number): \(error)")
            }
        }
        do {
            report.pageCount = try document.pageCount
            for index in 0..<report.pageCount {
                do {
                    let page = try document.page(at: index)
                    check(try document.contentReport(of: page), page: index + 1, into: &report)
                } catch {
                    report.problems.append("page \(index + 1): \(error)")
                }
            }
        } catch {
            report.problems.append("page tree: \(error)")
        }
        // The whole tree walked once, whatever /Count says, for what it reads past.
        if (try? document.pageTree.flatten()) != nil { report.problems.append(contentsOf: document.pageTree.anomalies) }
        if (try? file.catalog()["Pages"]?.dictionaryValue) != nil {
            report.problems.append("the catalog's /Pages is a direct dictionary, not a reference (7.7.2): read as it is")
        }
        // Repair happens lazily too: look at the warnings after everything was read.
        report.problems.insert(contentsOf: file.warnings, at: 0)
        return report
    }

    private func check(_ content: ContentStreamReport, page: Int, into report: inout Report) {
        for problem in content.problems { report.problems.append("page \(page) content: \(problem)") }
        if content.problemCount > content.problems.count {
            report.problems.append("page \(page) content: \(content.problemCount - content.problems.count) more problems")
        }
        if !content.unknownOperators.isEmpty {
            let names = content.unknownOperators.keys.sorted().joined(separator: ", ")
            report.notes.append("page \(page) content: unknown operators \(names)")
        }
        if content.unclosedSaves > 0 || content.unmatchedRestores > 0 || content.endsInsideText {
            var parts: [String] = []
            if content.unclosedSaves > 0 { parts.append("\(content.unclosedSaves) q without Q") }
            if content.unmatchedRestores > 0 { parts.append("\(content.unmatchedRestores) Q without q") }
            if content.endsInsideText { parts.append("ends inside a text object") }
            report.notes.append("page \(page) content: \(parts.joined(separator: ", "))")
        }
    }
}
