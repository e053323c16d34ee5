#if !hasFeature(Embedded)
import Foundation
#endif

/// Annotation flags, `/F` (ISO 32000-2, 12.5.3, Table 167): the one type of them, held by the
/// one annotation value (``Annotation/flags``; `PDFAnnotationFlags` is this type).
public struct AnnotationFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Bit 1: an unknown subtype is not shown.
    public static let invisible = AnnotationFlags(rawValue: 1 << 0)
    /// Bit 2: neither shown nor printed.
    public static let hidden = AnnotationFlags(rawValue: 1 << 1)
    /// Bit 3: printed (set on every annotation Marginalia creates).
    public static let print = AnnotationFlags(rawValue: 1 << 2)
    /// Bit 4: keeps its size on screen at every zoom.
    public static let noZoom = AnnotationFlags(rawValue: 1 << 3)
    /// Bit 5: stays upright when the page is rotated.
    public static let noRotate = AnnotationFlags(rawValue: 1 << 4)
    /// Bit 6: printed but not shown on screen.
    public static let noView = AnnotationFlags(rawValue: 1 << 5)
    /// Bit 7: the user may not interact with it.
    public static let readOnly = AnnotationFlags(rawValue: 1 << 6)
    /// Bit 8: may not be deleted or have its properties changed.
    public static let locked = AnnotationFlags(rawValue: 1 << 7)
    /// Bit 9: toggles noView on certain events.
    public static let toggleNoView = AnnotationFlags(rawValue: 1 << 8)
    /// Bit 10: its contents may not be changed.
    public static let lockedContents = AnnotationFlags(rawValue: 1 << 9)

    /// The annotation JSON's names of the flags, in the order its `flags` lists them
    /// (docs/annotations-json.md).
    public static let jsonNames: [(String, AnnotationFlags)] = [
        ("invisible", .invisible), ("hidden", .hidden), ("print", .print), ("noZoom", .noZoom),
        ("noRotate", .noRotate), ("noView", .noView), ("readOnly", .readOnly), ("locked", .locked),
        ("toggleNoView", .toggleNoView), ("lockedContents", .lockedContents),
    ]
}
