import PDFCore

/// Reads a whole document and lists what is wrong with it: repairs, objects that cannot
/// be parsed, streams that cannot be decoded, pages that cannot be read.
public struct DocumentChecker {
    public let document: PDFDocument

    public init(document: PDFDocument) {
        self.document = document
    }

    public struct Report: Sendable {
        public var pageCount = 0
        public var objectCount = 0
        public var problems: [String] = []
    }

    public func run() -> Report {
        var report = Report()
        let file = document.file
        for number in file.objectNumbers {
            let reference = PDFReference(number, file.generation(of: number))
            do {
                let object = try file.object(for: reference)
                report.objectCount += 1
                if case .stream(let stream) = object {
                    do {
                        _ = try stream.decodedBytes(limits: file.limits)
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
                    _ = try document.page(at: index)
                } catch {
                    report.problems.append("page \(index + 1): \(error)")
                }
            }
        } catch {
            report.problems.append("page tree: \(error)")
        }
        // Repair happens lazily too: look at the warnings after everything was read.
        report.problems.insert(contentsOf: file.warnings, at: 0)
        return report
    }
}
