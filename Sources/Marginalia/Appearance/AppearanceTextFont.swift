import Foundation
import PDFCore

/// The font one piece of appearance text is drawn in: the standard font its owner names
/// (nothing embedded), or the system's DejaVu Sans embedded as a subset when the text needs
/// more than WinAnsi or the document must embed every font it draws with (a PDF/A claim:
/// docs/accessibility.md). Form fields, signature appearances and redaction overlays choose
/// their font this way.
///
/// Use: choose (``init(for:standard:embeds:named:in:)``), encode every text with ``font``,
/// then ``finish(_:add:)``, which stores the embedded subset once it knows its glyphs.
struct AppearanceTextFont {
    let font: any PDFFont
    /// The resource name text is shown with (`Tf`).
    let resource: String
    /// The standard font, when that is what is drawn.
    let standard: StandardFont?

    /// The resource name of the embedded font.
    static let embeddedResource = "MEmbedded"

    /// Chooses the font for `texts` and, for a standard font, adds its resource to
    /// `appearance` under `name` (its base font name when nil). `embeds`: every font must be
    /// embedded. DejaVu Sans (Bold for a bold `standard`) is used when needed; should it not
    /// be installed, the standard font is used, which a PDF/A check then refuses.
    init(for texts: [String], standard: StandardFont, embeds: Bool, named name: String? = nil,
         in appearance: inout AppearanceStream) {
        if embeds || texts.contains(where: FontFallback.needsEmbeddedFont),
           let embedded = FontFallback.systemFont(bold: standard.isBold) {
            font = embedded
            resource = Self.embeddedResource
            self.standard = nil
        } else {
            font = StandardFontFace(standard)
            resource = appearance.addFont(standard, named: name)
            self.standard = standard
        }
    }

    /// Stores the embedded font's dictionary (subset to what was encoded) as the appearance's
    /// resource; nothing for a standard font, whose resource is already there.
    func finish(_ appearance: inout AppearanceStream, add: (PDFObject) -> PDFReference) throws {
        guard standard == nil else { return }
        appearance.fonts[resource] = .reference(try font.makeFontDictionary(add: add))
    }
}
