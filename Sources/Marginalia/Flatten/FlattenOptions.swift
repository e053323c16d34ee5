import Foundation

/// What a flattened copy does with each part of a document (``PDFDocument/flatten(_:pages:where:)``).
///
/// The defaults flatten everything, as a recipient who must not change anything should get
/// it: markup burned into the pages, form fields drawn with their values and removed from the
/// form, and comments left out.
public struct FlattenOptions: Sendable, Hashable {
    /// What becomes of the comments: notes (sticky notes, with their replies and review
    /// states) and the text people attached to their markup (`/Contents`).
    public enum Comments: String, CaseIterable, Sendable, Hashable {
        /// Left out: notes are removed without being drawn; markup is burned in without its
        /// text; replies and review states go with their annotation.
        case drop
        /// Left out of the pages as with ``drop``, and listed on summary pages added after the
        /// last page: page by page, each note and each annotation's text with its author and
        /// date, replies indented under it, review states by reviewer.
        case summary
        /// Notes burned in as their icons (what a viewer shows on the page); their text, and
        /// the text of markup, is not kept. What Print draws.
        case icons

        /// The names of every choice, comma-separated, for error messages and help.
        public static var knownNames: String {
            allCases.map(\.rawValue).joined(separator: ", ")
        }
    }

    /// Burn the form fields in (each drawn with its value) and remove the form, so nothing
    /// can be filled any more. Applies to the whole document.
    public var forms: Bool
    /// What becomes of the comments.
    public var comments: Comments
    /// Flatten a signed form too, its signatures' appearances burned in and the signatures
    /// gone: for a copy that is not the signed file (an export).
    public var evenIfSigned: Bool

    /// Options; the defaults flatten everything and drop the comments.
    public init(forms: Bool = true, comments: Comments = .drop, evenIfSigned: Bool = false) {
        self.forms = forms
        self.comments = comments
        self.evenIfSigned = evenIfSigned
    }
}
