import Foundation
import PDFCore

/// A PDF document: open it, read its pages and metadata, edit its pages, and save it
/// (incrementally by default) to a file or to memory.
///
/// The names follow PDFKit's where they mean the same thing, but failures throw
/// ``PDFError`` instead of returning nil. A document has one writer at a time.
public final class PDFDocument {
    /// The object-level file underneath, for work the document API does not cover.
    public let file: PDFFile
    let pageTree: PageTree
    /// Spatial indexes of pages whose annotations were asked for by position, kept in step
    /// with annotation edits; dropped when pages move.
    var annotationIndexes: [Int: AnnotationIndex] = [:]
    /// The text of the pages read most recently, with the file's change count when read.
    var textCache = PageTextCache()
    /// Set by ``applyRedactions(options:)``: from then on no object a removal left in the file
    /// is put back (``removedObject(_:toAddBack:on:)``), since it may show what was redacted.
    var redactionsApplied = false

    /// Opens the PDF file at `url` (memory-mapped; opening never changes the file).
    ///
    /// - Parameters:
    ///   - password: the user or owner password; nil tries the empty user password.
    /// - Throws: ``PDFError/passwordRequired`` when the document is encrypted and the
    ///   password does not open it; ``PDFError/io(path:message:)`` when the file cannot be
    ///   read; other ``PDFError``s when it is damaged beyond repair.
    public convenience init(url: URL, password: String? = nil, limits: PDFLimits = .default) throws {
        try self.init(source: try ByteSource(path: url.path), password: password, limits: limits)
    }

    /// Opens a PDF held in memory.
    ///
    /// - Parameter meter: what reading it is charged to (``PDFFile/meter``), from opening on.
    public convenience init(data: Data, password: String? = nil, limits: PDFLimits = .default,
                            meter: (any ResourceMeter)? = nil) throws {
        try self.init(source: ByteSource(data: data), password: password, limits: limits, meter: meter)
    }

    /// Opens a PDF from its bytes.
    ///
    /// - Parameter meter: what reading it is charged to (``PDFFile/meter``), from opening on.
    public init(source: ByteSource, password: String? = nil, limits: PDFLimits = .default,
                meter: (any ResourceMeter)? = nil) throws {
        file = try PDFFile(source: source, password: password, limits: limits, meter: meter)
        pageTree = PageTree(file: file)
    }

    // MARK: - Properties

    /// The PDF version: the header's, or the catalog's `/Version` when that is later (7.2.2).
    public var version: String {
        let header = file.headerVersion
        if let catalogVersion = (try? file.catalog())?["Version"]?.nameValue,
           catalogVersion.compare(header, options: .numeric) == .orderedDescending {
            return catalogVersion
        }
        return header
    }

    /// Whether the document is encrypted.
    public var isEncrypted: Bool { file.isEncrypted }

    /// The document's encryption, or nil.
    public var encryption: PDFEncryptionInfo? { file.encryptionInfo }

    /// What the document allows; everything when unencrypted or opened as owner.
    public var permissions: PDFPermissions {
        guard let info = file.encryptionInfo, !info.openedAsOwner else { return .all }
        return PDFPermissions(rawValue: info.permissionFlags).intersection(.all)
    }

    /// Whether the file was damaged and its cross-reference rebuilt on opening.
    public var isRepaired: Bool { file.isRepaired }

    /// Problems found and worked around while reading.
    public var warnings: [String] { file.warnings }

    // MARK: - Pages

    /// The number of pages.
    public var pageCount: Int {
        get throws { try pageTree.count() }
    }

    /// The page at `index` (0-based).
    ///
    /// - Throws: ``PDFError/invalidArgument(_:)`` when `index` is out of range.
    public func page(at index: Int) throws -> PDFPage {
        try page(at: index, readingAnnotations: true)
    }

    /// Page `index`; without `readingAnnotations` its annotation dictionaries are not read
    /// (for editing code that needs only the page's reference, dictionary and rotation, and
    /// must not pay for every annotation of a page holding thousands).
    public func page(at index: Int, readingAnnotations: Bool) throws -> PDFPage {
        try page(at: index, readingAnnotations: readingAnnotations, label: .read)
    }

    /// Where a page fetched by ``page(at:readingAnnotations:label:)`` takes its label from.
    enum PageLabelSource {
        /// Read from the document's `/PageLabels` for this page alone.
        case read
        /// Already known (read once for many pages: ``PageLabels/labels(forPagesIn:)``).
        case given(String?)
    }

    /// Page `index`, its label read or given.
    func page(at index: Int, readingAnnotations: Bool, label source: PageLabelSource) throws -> PDFPage {
        let (reference, inherited) = try pageTree.page(at: index)
        guard var dictionary = try file.dictionary(.reference(reference)) else {
            throw PDFError.invalidObject(reference, message: "page \(index + 1) is not a dictionary")
        }
        // Boxes and the rotation may be indirect objects, even their numbers: resolve them
        // here so that PDFPage reads plain values.
        var attributes = PDFDictionary()
        for (key, value) in inherited { attributes[key] = try resolvedDeep(value, key: key) }
        for box in PDFDisplayBox.allCases where dictionary[box.rawValue] != nil {
            dictionary[box.rawValue] = try resolvedDeep(dictionary[box.rawValue] ?? .null, key: box.rawValue)
        }
        var annotations: [PDFDictionary] = []
        for item in readingAnnotations ? try file.resolve(dictionary["Annots"] ?? .null).arrayValue ?? [] : [] {
            if let annotation = try? file.dictionary(item) { annotations.append(annotation) }
        }
        let label: String?
        switch source {
        case .read: label = (try? PageLabels(file: file).label(forPageAt: index)) ?? nil
        case .given(let given): label = given
        }
        var page = PDFPage(index: index, reference: reference, dictionary: dictionary, effectiveAttributes: attributes,
                           annotationDictionaries: annotations, label: label)
        page.document = self
        return page
    }

    /// Resolves a box or rotation value and the items of a box array; other values are
    /// left as they are (resources stay references).
    private func resolvedDeep(_ value: PDFObject, key: String) throws -> PDFObject {
        guard key != "Resources" else { return value }
        let resolved = try file.resolve(value)
        if case .array(let items) = resolved { return .array(try items.map { try file.resolve($0) }) }
        return resolved
    }

    // MARK: - Saving

    /// Whether anything changed since the document was opened.
    public var hasChanges: Bool { file.hasChanges }

    /// The document's bytes with every change: an incremental update (default; the
    /// original bytes are a prefix) or a full rewrite.
    public func dataRepresentation(options: PDFWriteOptions = PDFWriteOptions()) throws -> Data {
        Data(try file.dataRepresentation(options: options))
    }

    /// The bytes the default save appends to the file the document was opened from: the
    /// `dataRepresentation()` of an incremental update without that file's bytes, which it
    /// begins with (empty when nothing changed).
    public func incrementalUpdateData() throws -> Data {
        Data(try file.incrementalUpdate())
    }

    /// Writes the document to `url` atomically (a temporary file, fsync, rename), so a crash
    /// leaves the old file or the new one. `url` may be the file the document was opened from.
    public func write(to url: URL, options: PDFWriteOptions = PDFWriteOptions()) throws {
        try file.write(to: url.path, options: options)
    }
}
