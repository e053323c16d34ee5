/// What the author of an encrypted document allows (ISO 32000-2, Table 22). A document
/// that is not encrypted, or that was opened with the owner password, allows everything.
public struct PDFPermissions: OptionSet, Sendable, Hashable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Bit 3: print.
    public static let print = PDFPermissions(rawValue: 1 << 2)
    /// Bit 4: change the document other than by the operations below.
    public static let modify = PDFPermissions(rawValue: 1 << 3)
    /// Bit 5: copy or extract text and graphics.
    public static let copy = PDFPermissions(rawValue: 1 << 4)
    /// Bit 6: add or change annotations, fill forms.
    public static let annotate = PDFPermissions(rawValue: 1 << 5)
    /// Bit 9: fill existing form fields.
    public static let fillForms = PDFPermissions(rawValue: 1 << 8)
    /// Bit 10: extract for accessibility.
    public static let extractForAccessibility = PDFPermissions(rawValue: 1 << 9)
    /// Bit 11: insert, rotate or delete pages.
    public static let assemble = PDFPermissions(rawValue: 1 << 10)
    /// Bit 12: print at full quality.
    public static let printHighQuality = PDFPermissions(rawValue: 1 << 11)

    public static let all: PDFPermissions = [
        .print, .modify, .copy, .annotate, .fillForms, .extractForAccessibility, .assemble, .printHighQuality,
    ]

    /// The names of the allowed operations, for display.
    public var names: [String] {
        let table: [(PDFPermissions, String)] = [
            (.print, "print"), (.modify, "modify"), (.copy, "copy"), (.annotate, "annotate"),
            (.fillForms, "fillForms"), (.extractForAccessibility, "extractForAccessibility"),
            (.assemble, "assemble"), (.printHighQuality, "printHighQuality"),
        ]
        return table.filter { contains($0.0) }.map(\.1)
    }
}
