import Foundation
import PDFCore

/// The document a ``PDFRendererContext`` draws into: a ``PDFFile`` that starts as an empty
/// catalog and page tree, the resources shared by all pages, and the pages drawn so far.
///
/// Images and transparency states are stored as soon as they are first used, each once per
/// document however many pages use it. Fonts are only recorded, since an embedded font can
/// write its subset only when every glyph is known; pages, links and metadata are stored by
/// ``assemble(metadata:)`` at the end.
final class GeneratedDocument {
    let file: PDFFile

    /// Fonts in order of first use; `F1` is the first.
    private var fonts: [any PDFFont] = []
    private var fontNames: [ObjectIdentifier: String] = [:]
    private var images: [RasterImage: (name: String, reference: PDFReference)] = [:]
    private var alphaStates: [String: (name: String, reference: PDFReference)] = [:]
    private(set) var pages: [FinishedPage] = []
    /// The fonts text not drawn in its run's own font is drawn in (``RunFaces``: shaped text,
    /// and standard-font text beyond WinAnsi when the renderer embeds family fonts), shared by
    /// every page so that each font is embedded once, subset to what the whole document shows.
    let runFaces: RunFaces

    /// A page whose content is stored, waiting for its dictionary.
    struct FinishedPage {
        var size: CGSize
        var content: PDFReference
        var resources: PageResources
        var links: [PendingLink]
    }

    init(embedsFamilyFonts: Bool = false) throws {
        file = try PDFFile.newDocument()
        runFaces = RunFaces(embedsFamilyFonts: embedsFamilyFonts)
    }

    // MARK: - Shared resources

    /// The resource name of `font`, the same on every page.
    func name(for font: any PDFFont) -> String {
        let key = ObjectIdentifier(font)
        if let name = fontNames[key] { return name }
        fonts.append(font)
        let name = "F\(fonts.count)"
        fontNames[key] = name
        return name
    }

    /// The resource name and reference of `image`, storing it on first use.
    func xObject(for image: RasterImage) throws -> (name: String, reference: PDFReference) {
        if let known = images[image] { return known }
        let reference = try image.pdfObjects().addToFile(file.add)
        let entry = (name: "Im\(images.count + 1)", reference: reference)
        images[image] = entry
        return entry
    }

    /// The resource name and reference of an ExtGState setting the stroking (`/CA`) and
    /// non-stroking (`/ca`) alpha (ISO 32000-2, 8.4.5 and 11.6.4.4), storing it on first use.
    func alphaState(stroke: Double, fill: Double) -> (name: String, reference: PDFReference) {
        // Keyed by the written numbers, so values that print alike share one object.
        let key = PDFSyntax.number(stroke) + " " + PDFSyntax.number(fill)
        if let known = alphaStates[key] { return known }
        let dictionary = PDFDictionary([
            ("Type", .name("ExtGState")), ("CA", .real(stroke)), ("ca", .real(fill)),
        ])
        let entry = (name: "GS\(alphaStates.count + 1)", reference: file.add(.dictionary(dictionary)))
        alphaStates[key] = entry
        return entry
    }

    // MARK: - Pages

    /// Stores a page's content stream and keeps the rest for ``assemble(metadata:)``.
    func finishPage(size: CGSize, content: [UInt8], resources: PageResources, links: [PendingLink]) throws {
        let stream = try PDFStream.compressing(content, dictionary: PDFDictionary())
        pages.append(FinishedPage(size: size, content: file.add(.stream(stream)), resources: resources, links: links))
    }

    var pageCount: Int { pages.count }

    // MARK: - Assembly

    /// Stores the fonts, pages, links and metadata and returns the file's bytes: one body,
    /// one cross-reference table, every object reachable.
    func assemble(metadata: DocumentMetadata) throws -> [UInt8] {
        var fontReferences: [String: PDFReference] = [:]
        for font in fonts {
            fontReferences[name(for: font)] = try font.makeFontDictionary(add: file.add)
        }
        for (name, font) in try runFaces.fontResources(add: file.add) {
            fontReferences[name] = font.referenceValue
        }
        // Pages are numbered first so that links can point to any of them, even to a page
        // drawn after the page that holds the link.
        let pageReferences = pages.map { _ in file.add(.null) }
        let treeReference = try GeneratedDocument.pageTreeReference(of: file)
        for (index, page) in pages.enumerated() {
            var dictionary = PDFDictionary([
                ("Type", .name("Page")),
                ("Parent", .reference(treeReference)),
                ("MediaBox", .array([0, 0, .real(Double(page.size.width)), .real(Double(page.size.height))])),
                ("Resources", .dictionary(page.resources.dictionary(fonts: fontReferences))),
                ("Contents", .reference(page.content)),
            ])
            let annotations = try page.links.map { link in
                file.add(.dictionary(try link.dictionary(page: pageReferences[index], pages: pageReferences)))
            }
            if !annotations.isEmpty { dictionary["Annots"] = .array(annotations.map(PDFObject.reference)) }
            file.update(pageReferences[index], with: .dictionary(dictionary))
        }
        file.update(treeReference, with: .dictionary(PDFDictionary([
            ("Type", .name("Pages")),
            ("Kids", .array(pageReferences.map(PDFObject.reference))),
            ("Count", .integer(pageReferences.count)),
        ])))
        try storeMetadata(metadata)
        return try file.dataRepresentation(options: PDFWriteOptions(mode: .compact))
    }

    static func pageTreeReference(of file: PDFFile) throws -> PDFReference {
        guard let reference = try file.catalog()["Pages"]?.referenceValue else {
            throw PDFError.invalidObject(nil, message: "the new document has no page tree")
        }
        return reference
    }
}
