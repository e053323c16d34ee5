import Foundation
import PDFCore

/// A document's interactive form, `/AcroForm` (ISO 32000-2, 12.7.3): its terminal fields in
/// tree order and what was wrong in the field tree.
public struct AcroForm: Sendable {
    /// Every terminal field that could be read, in field-tree order.
    public var fields: [FormField]
    /// Problems in the field tree, each naming the field (fields that could not be read are
    /// not in ``fields``; the rest of the form is read as usual).
    public var problems: [String]
    /// `/NeedAppearances`: the file asks viewers to redraw the fields.
    public var needAppearances: Bool
    /// Whether a signature field holds a signature (`/V` present).
    public var isSigned: Bool {
        fields.contains { $0.type == .signature && $0.value != nil }
    }

    /// Fields that could not be read, by name, with why (for clear fill errors).
    var broken: [String: String] = [:]
    /// The form's `/DA` and `/Q`, defaults for fields without their own.
    var defaultAppearance: String?
    /// `/DR /Font`: font resources that `/DA` strings name.
    var fontResources: PDFDictionary = PDFDictionary()

    init(fields: [FormField] = [], problems: [String] = [], needAppearances: Bool = false) {
        self.fields = fields
        self.problems = problems
        self.needAppearances = needAppearances
    }

    /// The field with this fully qualified name (the first in tree order, should two share it).
    public func field(named name: String) -> FormField? {
        // By index: iterating `fields` would copy every field it passes.
        fields.indices.first { fields[$0].name == name }.map { fields[$0] }
    }

    /// Every field by its fully qualified name (the first in tree order, should two share
    /// one): ``field(named:)`` for many names at once.
    func fieldsByName() -> [String: FormField] {
        var result: [String: FormField] = [:]
        result.reserveCapacity(fields.count)
        for index in fields.indices where result[fields[index].name] == nil {
            result[fields[index].name] = fields[index]
        }
        return result
    }
}

extension PDFDocument {
    /// Reads the interactive form: an empty form when the document has none.
    ///
    /// Broken parts of the field tree (a kid that is not a dictionary, a `/Kids` cycle, a
    /// field without `/FT`, a `/Parent` that does not point back) are reported in
    /// ``AcroForm/problems`` and skipped; the other fields are read as usual.
    public func acroForm() throws -> AcroForm {
        var reader = FormReader(file: file)
        return try reader.read(pageIndexes: try widgetPageIndexes())
    }

    /// The fields that `policy` says a user interface should highlight.
    public func highlightedFields(policy: any FormFieldPolicy = DefaultFormFieldPolicy()) throws -> [FormField] {
        try acroForm().fields.filter { policy.shouldHighlight($0) }
    }

    /// Where each annotation object is listed (object number -> 0-based page), and each
    /// page object's index, for widgets found only through their `/P`.
    func widgetPageIndexes() throws -> FormReader.PageIndexes {
        var result = FormReader.PageIndexes()
        for index in 0..<(try pageCount) {
            let page = try self.page(at: index, readingAnnotations: false)
            result.pages[page.reference.number] = index
            for item in try annotationEntries(of: page) {
                if let reference = item.referenceValue, result.annotations[reference.number] == nil {
                    result.annotations[reference.number] = index
                }
            }
        }
        return result
    }
}
