/// Annotation flags, `/F` (ISO 32000-2, 12.5.3, Table 167).
public struct PDFAnnotationFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Bit 1: an unknown subtype is not shown.
    public static let invisible = PDFAnnotationFlags(rawValue: 1 << 0)
    /// Bit 2: neither shown nor printed.
    public static let hidden = PDFAnnotationFlags(rawValue: 1 << 1)
    /// Bit 3: printed (set on every annotation Marginalia creates).
    public static let print = PDFAnnotationFlags(rawValue: 1 << 2)
    /// Bit 4: keeps its size on screen at every zoom.
    public static let noZoom = PDFAnnotationFlags(rawValue: 1 << 3)
    /// Bit 5: stays upright when the page is rotated.
    public static let noRotate = PDFAnnotationFlags(rawValue: 1 << 4)
    /// Bit 6: printed but not shown on screen.
    public static let noView = PDFAnnotationFlags(rawValue: 1 << 5)
    /// Bit 7: the user may not interact with it.
    public static let readOnly = PDFAnnotationFlags(rawValue: 1 << 6)
    /// Bit 8: may not be deleted or have its properties changed.
    public static let locked = PDFAnnotationFlags(rawValue: 1 << 7)
    /// Bit 9: toggles noView on certain events.
    public static let toggleNoView = PDFAnnotationFlags(rawValue: 1 << 8)
    /// Bit 10: its contents may not be changed.
    public static let lockedContents = PDFAnnotationFlags(rawValue: 1 << 9)
}
