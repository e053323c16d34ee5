/// The icons a sticky note (`/Text` annotation) can show, named as `/Name` names them
/// (ISO 32000-2, 12.5.6.4). Viewers that draw their own icons pick theirs by this name;
/// Marginalia draws each one in the note's appearance stream, so viewers that show
/// appearances (pdf.js, PDFium, Poppler, MuPDF) show the same icon.
public enum NoteIcon: String, CaseIterable, Hashable, Sendable {
    case comment = "Comment"
    case key = "Key"
    case note = "Note"
    case help = "Help"
    case newParagraph = "NewParagraph"
    case paragraph = "Paragraph"
    case insert = "Insert"

    /// The icon named `name` (a `/Name` value), or nil for a name outside the standard set.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// The names of every icon, comma-separated.
    public static var knownNames: String {
        allCases.map { $0.rawValue }.joined(separator: ", ")
    }
}

#if !hasFeature(Embedded)
extension NoteIcon: Codable {}
#endif
