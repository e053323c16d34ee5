#if !hasFeature(Embedded)
import Foundation
#endif

// Which change each tool makes, for a certified document (docs/signatures.md, "Certified
// documents"): the server says what the document's DocMDP permission allows (its
// `certification.allows`, from PDFCertification's rules); the editor greys a tool whose
// change is not allowed, by this table (the bridge's `toolChanges`), never one of its own.

/// A kind of change a certified document's DocMDP permission allows or refuses (ISO 32000-2,
/// 12.8.2.2), named as the server's `certification.allows` names it.
public enum CertifiedChange: String, CaseIterable, Sendable {
    /// Adding, changing or removing annotations.
    case annotations
    /// Filling form fields (and signing signature fields).
    case formFilling
    /// Adding, removing, turning or moving pages.
    case pages
}

extension EditorTool {
    /// The change the tool makes, which a certified document must allow for the tool to be
    /// used: a form field's value for Form, an annotation for every tool that marks the page
    /// (a redaction mark is an annotation until it is applied); nil for Select, which makes
    /// none by itself (what it moves or restyles is refused by the server's check).
    public var certifiedChange: CertifiedChange? {
        switch self {
        case .select: return nil
        case .form: return .formFilling
        case .draw, .erase, .text, .shape, .image, .note, .highlight, .redact: return .annotations
        }
    }
}
