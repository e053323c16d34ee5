import Foundation
import PDFCore

/// The comments of a document as the summary pages of a flattened copy list them
/// (``FlattenOptions/Comments/summary``): what flattening takes off the pages, kept as text.
///
/// Page by page, top to bottom, each note and each annotation that carries text
/// (`/Contents`; a text box's text is already on the page, so only its thread is listed), with
/// its kind, author and date; under it the replies to it (replies to replies further in) and
/// the review states reviewers set, oldest first. Hidden annotations are left out, as they
/// would not show.
struct CommentSummary {
    /// One line of the summary: a heading (kind, author, date) and the text under it.
    struct Entry: Equatable {
        var pageIndex: Int
        var heading: String
        var text: String?
        /// 0 for an annotation, 1 for a reply to it, and so on.
        var depth: Int
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    /// The comments on `pages` (nil: every page) of the annotations `include` chooses.
    init(of document: PDFDocument, pages: [Int]?, where include: (PDFAnnotation) -> Bool) throws {
        for index in try pages ?? Array(0..<document.pageCount) {
            let all = try document.annotations(onPage: index).filter { !$0.flags.contains(.hidden) }
            var thread: [String: [PDFAnnotation]] = [:]
            for comment in all where comment.isComment {
                if let parent = comment.inReplyTo { thread[parent, default: []].append(comment) }
            }
            let listed = all.filter { annotation in
                guard !annotation.isComment, include(annotation),
                      ![.link, .popup, .widget].contains(annotation.annotationSubtype) else { return false }
                return annotation.annotationSubtype == .note || Self.text(of: annotation) != nil || thread[annotation.id] != nil
            }
            // Reading order: top to bottom, then left to right.
            for annotation in listed.sorted(by: { ($0.rect.maxY, -$0.rect.minX) > ($1.rect.maxY, -$1.rect.minX) }) {
                entries.append(Entry(pageIndex: index, heading: Self.heading(annotation, kind: Self.kind(of: annotation)),
                                     text: Self.text(of: annotation), depth: 0))
                appendThread(of: annotation.id, in: thread, page: index, depth: 1, seen: [annotation.id])
            }
        }
    }

    private mutating func appendThread(of id: String, in thread: [String: [PDFAnnotation]], page: Int, depth: Int, seen: Set<String>) {
        let comments = (thread[id] ?? []).sorted { ($0.creationDate ?? $0.modificationDate ?? .distantPast) < ($1.creationDate ?? $1.modificationDate ?? .distantPast) }
        for comment in comments where !seen.contains(comment.id) {
            if let state = comment.state {
                entries.append(Entry(pageIndex: page, heading: "\(comment.author ?? "Someone") set \(state.state)", text: nil, depth: depth))
            } else {
                entries.append(Entry(pageIndex: page, heading: Self.heading(comment, kind: "Reply"), text: Self.text(of: comment), depth: depth))
                // A loop of replies (a damaged file) is listed once.
                appendThread(of: comment.id, in: thread, page: page, depth: depth + 1, seen: seen.union([comment.id]))
            }
        }
    }

    /// The PDF of the summary: US Letter pages, Helvetica, as many as the text needs.
    func document() throws -> Data {
        let bold = StandardFontFace(.helveticaBold), regular = StandardFontFace(.helvetica)
        var paragraphs = [Paragraph("Comments", font: bold, size: 16, spacingAfter: 4),
                          Paragraph("The comments of this document, which the flattened pages before this one do not show.",
                                    font: regular, size: 9, color: Color(red: 0.35, green: 0.35, blue: 0.35), spacingAfter: 6)]
        var page: Int?
        for entry in entries {
            if entry.pageIndex != page {
                page = entry.pageIndex
                paragraphs.append(Paragraph("Page \(entry.pageIndex + 1)", font: bold, size: 12, spacingBefore: 10, spacingAfter: 2))
            }
            let indent = Double(entry.depth) * 18
            paragraphs.append(Paragraph(entry.heading, font: bold, size: 9.5, spacingBefore: 6, leftIndent: indent))
            if let text = entry.text {
                // A note in Arabic or Hebrew starts at the right margin (docs/text-layout.md).
                paragraphs.append(Paragraph(text, font: regular, size: 10, alignment: .natural, lineHeight: .multiple(1.1),
                                            spacingBefore: 1, leftIndent: indent))
            }
        }
        return try PDFRenderer.document(paragraphs, layout: .paginated(pageSize: CGSize(width: 612, height: 792)),
                                         margins: PageMargins(54))
    }

    // MARK: - Words

    private static func text(of annotation: PDFAnnotation) -> String? {
        guard annotation.annotationSubtype != .freeText else { return nil }
        let text = (annotation.contents ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    private static func heading(_ annotation: PDFAnnotation, kind: String) -> String {
        var parts = [kind, annotation.author ?? "Unknown author"]
        if let date = annotation.modificationDate ?? annotation.creationDate { parts.append(Self.format(date)) }
        return parts.joined(separator: " \u{B7} ")
    }

    /// A date as `2026-12-04 14:03 UTC`: one reading everywhere, whatever the server's zone.
    private static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// The kind of annotation in a reader's words (the vocabulary table's label; a subtype
    /// the standard does not have, by its name).
    private static func kind(of annotation: PDFAnnotation) -> String {
        annotation.annotationSubtype?.entry.label ?? annotation.subtype
    }
}
