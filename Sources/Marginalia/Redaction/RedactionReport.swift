import Foundation

/// How a redaction is applied.
public struct RedactionOptions: Sendable {
    /// The overlay's colour where a mark has no `/IC` of its own (black by default).
    public var overlayColor: Color
    /// Also remove the document's metadata: the Info dictionary, the XMP packet, document-level
    /// JavaScript and open actions, and embedded files.
    public var scrubsMetadata: Bool

    public init(overlayColor: Color = AnnotationSubtype.redactionOverlayColor, scrubsMetadata: Bool = false) {
        self.overlayColor = overlayColor
        self.scrubsMetadata = scrubsMetadata
    }
}

/// What applying redactions removed, page by page.
public struct RedactionReport: Sendable, Equatable {
    /// What was removed from one page.
    public struct Page: Sendable, Equatable {
        public var pageIndex: Int
        /// Redaction marks applied (and removed).
        public var marks = 0
        /// Glyphs cut out of text-showing operators.
        public var glyphs = 0
        /// Images removed (wholly covered by a mark).
        public var images = 0
        /// Images a mark covers in part whose covered pixels were painted over in the overlay's colour.
        public var imagesPainted = 0
        /// Images a mark covers in part that could not be painted over (their encoding is not
        /// one ``ImageRedaction`` reads): kept whole under the overlay.
        public var imagesPartlyCovered = 0
        /// Painted paths removed (wholly inside a mark, or nothing left once the marks are cut out).
        public var paths = 0
        /// Painted paths crossing a mark's edge, whose part under the mark was cut out.
        public var pathsCut = 0
        /// Other annotations and form fields removed (their rectangle meets a mark).
        public var annotations = 0

        public init(pageIndex: Int) { self.pageIndex = pageIndex }
    }

    /// The pages that had marks, in order.
    public var pages: [Page] = []
    /// Whether metadata was scrubbed.
    public var scrubbedMetadata = false

    public init() {}
}
