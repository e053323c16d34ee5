import Foundation
import Marginalia

/// `marginalia info FILE [--json] [--pages RANGE] [--password PW]`
enum InfoCommand {
    static let help = """
        usage: marginalia info FILE [--json] [--pages RANGE] [--password PW]

        Prints the PDF version, page count, encryption, metadata, and for each selected
        page its boxes, rotation and number of annotations.

          --json           print JSON (keys: version, pageCount, encrypted, encryption,
                           repaired, warnings, metadata, pages) instead of text
          --pages RANGE    pages to describe, 1-based: 5, 1-10 or 1,3,7-9 (default: all)
          --password PW    the user or owner password of an encrypted document
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        let json = arguments.flag("--json")
        let range = try arguments.option("--pages")
        let password = try arguments.option("--password")
        let path = try arguments.singleInput()

        let document = try openDocument(path, password: password)
        let pageCount = try document.pageCount
        let selected = try range.map { try parsePageRange($0, pageCount: pageCount) } ?? Array(0..<pageCount)
        let metadata = try document.metadata
        var pages: [PDFPage] = []
        for index in selected { pages.append(try document.page(at: index)) }

        if json {
            print(jsonReport(path, document, pageCount, metadata, pages).rendered())
        } else {
            print(textReport(path, document, pageCount, metadata, pages))
        }
    }

    static func box(_ rect: CGRect) -> JSONValue {
        .array([rect.minX, rect.minY, rect.maxX, rect.maxY].map { .number(Double($0)) })
    }

    /// `2026-01-31T12:00:00Z`, as `Date.ISO8601FormatStyle` writes it, mostly counted by hand
    /// (``PDFDate/iso8601(_:)``): ICU's date formatting (`ISO8601DateFormatter`) cost a tenth
    /// of `marginalia info`, and setting up the format style's calendar another tenth.
    static func dateString(_ date: Date?) -> String? {
        date.map(PDFDate.iso8601)
    }

    static func jsonReport(_ path: String, _ document: PDFDocument, _ pageCount: Int, _ metadata: DocumentMetadata,
                           _ pages: [PDFPage]) -> JSONValue {
        let encryption: JSONValue = document.encryption.map {
            .object([
                ("method", .string($0.method)), ("revision", .integer($0.revision)),
                ("keyLength", .integer($0.keyLengthBits)), ("openedAsOwner", .bool($0.openedAsOwner)),
                ("permissions", .array(document.permissions.names.map { .string($0) })),
            ])
        } ?? .null
        return .object([
            ("file", .string(path)),
            ("version", .string(document.version)),
            ("pageCount", .integer(pageCount)),
            ("encrypted", .bool(document.isEncrypted)),
            ("encryption", encryption),
            ("repaired", .bool(document.isRepaired)),
            ("warnings", .array(document.warnings.map { .string($0) })),
            ("metadata", .object([
                ("title", .optional(metadata.title)), ("author", .optional(metadata.author)),
                ("subject", .optional(metadata.subject)), ("keywords", .optional(metadata.keywords)),
                ("creator", .optional(metadata.creator)), ("producer", .optional(metadata.producer)),
                ("creationDate", .optional(dateString(metadata.creationDate))),
                ("modificationDate", .optional(dateString(metadata.modificationDate))),
            ])),
            ("pages", .array(pages.map { page in
                .object([
                    ("number", .integer(page.index + 1)),
                    ("label", .optional(page.label)),
                    ("mediaBox", box(page.storedBox(.mediaBox))),
                    ("cropBox", box(page.storedBox(.cropBox))),
                    ("rotation", .integer(page.rotation)),
                    ("annotationCount", .integer(page.annotationCount)),
                ])
            })),
        ])
    }

    static func textReport(_ path: String, _ document: PDFDocument, _ pageCount: Int, _ metadata: DocumentMetadata,
                           _ pages: [PDFPage]) -> String {
        func number(_ v: CGFloat) -> String {
            let d = Double(v)
            return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(format: "%.2f", d)
        }
        func rect(_ r: CGRect) -> String { "[\(number(r.minX)) \(number(r.minY)) \(number(r.maxX)) \(number(r.maxY))]" }
        var lines = ["File:        \(path)", "PDF version: \(document.version)", "Pages:       \(pageCount)"]
        if let encryption = document.encryption {
            lines.append("Encrypted:   yes, \(encryption.method) (R\(encryption.revision))"
                + (encryption.openedAsOwner ? ", opened as owner" : ""))
            lines.append("Permissions: \(document.permissions.names.joined(separator: ", "))")
        } else {
            lines.append("Encrypted:   no")
        }
        if document.isRepaired { lines.append("Repaired:    yes (the cross-reference was damaged)") }
        for warning in document.warnings { lines.append("Warning:     \(warning)") }
        let fields: [(String, String?)] = [
            ("Title", metadata.title), ("Author", metadata.author), ("Subject", metadata.subject),
            ("Keywords", metadata.keywords), ("Creator", metadata.creator), ("Producer", metadata.producer),
            ("Created", dateString(metadata.creationDate)), ("Modified", dateString(metadata.modificationDate)),
        ]
        for (name, value) in fields { if let value { lines.append("\(name):".padding(toLength: 13, withPad: " ", startingAt: 0) + value) } }
        for page in pages {
            var line = "Page \(page.index + 1): media \(rect(page.storedBox(.mediaBox)))"
            if page.storedBox(.cropBox) != page.storedBox(.mediaBox) { line += " crop \(rect(page.storedBox(.cropBox)))" }
            if page.rotation != 0 { line += " rotated \(page.rotation)" }
            line += ", \(page.annotationCount) annotation\(page.annotationCount == 1 ? "" : "s")"
            if let label = page.label, !label.isEmpty { line += ", label \"\(label)\"" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
