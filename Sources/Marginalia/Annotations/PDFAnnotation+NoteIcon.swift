import Foundation

extension PDFAnnotation.Note {
    /// The standard icon ``icon`` names; a name outside the set (a viewer's own) draws as
    /// ``NoteIcon/note``.
    public var standardIcon: NoteIcon {
        NoteIcon(name: icon) ?? .note
    }
}
