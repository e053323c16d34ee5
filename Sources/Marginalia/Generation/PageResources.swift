import Foundation
import PDFCore

/// The resources one generated page uses, by the names its content stream gives them
/// (ISO 32000-2, 7.8.3). Fonts are recorded by name only: their dictionaries are made when
/// the document is assembled.
struct PageResources {
    private(set) var fontNames: [String] = []
    private(set) var extGStates = PDFDictionary()
    private(set) var xObjects = PDFDictionary()

    mutating func useFont(_ name: String) {
        if !fontNames.contains(name) { fontNames.append(name) }
    }

    mutating func useExtGState(_ name: String, _ reference: PDFReference) {
        extGStates[name] = .reference(reference)
    }

    mutating func useXObject(_ name: String, _ reference: PDFReference) {
        xObjects[name] = .reference(reference)
    }

    /// The `/Resources` dictionary, with `fonts` giving each font name its dictionary.
    func dictionary(fonts: [String: PDFReference]) -> PDFDictionary {
        var result = PDFDictionary()
        if !fontNames.isEmpty {
            var fontDictionary = PDFDictionary()
            for name in fontNames { fontDictionary[name] = fonts[name].map(PDFObject.reference) }
            result["Font"] = .dictionary(fontDictionary)
        }
        if !extGStates.isEmpty { result["ExtGState"] = .dictionary(extGStates) }
        if !xObjects.isEmpty { result["XObject"] = .dictionary(xObjects) }
        return result
    }
}

/// A link annotation waiting for the page references it needs.
struct PendingLink {
    enum Target {
        case uri(URL)
        /// A page index, 0-based; it may name a page not drawn yet.
        case page(Int)
    }

    /// The active area in page space (PDF coordinates of the page the link is on).
    var rect: CGRect
    var target: Target

    /// The Link annotation (12.5.6.5): no border, printable, with a URI action (12.6.4.8)
    /// or an explicit destination that keeps the reader's position and zoom (12.3.2.2).
    ///
    /// - Throws: ``GenerationError/linkTargetMissing(page:pageCount:)`` for a page that
    ///   was never begun.
    func dictionary(page: PDFReference, pages: [PDFReference]) throws -> PDFDictionary {
        var dictionary = PDFDictionary([
            ("Type", .name("Annot")),
            ("Subtype", .name(AnnotationSubtype.link.pdfName)),
            ("Rect", .array([rect.minX, rect.minY, rect.maxX, rect.maxY].map { .real(Double($0)) })),
            ("Border", [0, 0, 0]),
            ("F", .integer(PDFAnnotationFlags.print.rawValue)),
            ("P", .reference(page)),
            ("NM", .text(AnnotationID.make().uppercased())),
        ])
        switch target {
        case .uri(let url):
            // URIs are 7-bit ASCII (12.6.4.8); Foundation has already percent-encoded the rest.
            let action = PDFDictionary([("S", .name("URI")), ("URI", .string(Array(url.absoluteString.utf8)))])
            dictionary["A"] = .dictionary(action)
        case .page(let index):
            guard pages.indices.contains(index) else {
                throw GenerationError.linkTargetMissing(page: index, pageCount: pages.count)
            }
            dictionary["Dest"] = .array([.reference(pages[index]), .name("XYZ"), .null, .null, .null])
        }
        return dictionary
    }
}
