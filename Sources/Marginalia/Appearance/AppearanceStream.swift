import Foundation
import PDFCore

/// A normal appearance (`/AP /N`) being drawn: a form XObject (ISO 32000-2, 8.10 and
/// 12.5.5) whose `/BBox` is the annotation's drawing area in page space and whose
/// `/Matrix` is the identity (or, for text on a rotated page, a rotation about that area),
/// so every viewer maps it exactly onto `/Rect`.
struct AppearanceStream {
    var content = ContentStreamBuilder()
    /// The area the drawing covers, in page space; becomes `/BBox` and `/Rect`.
    var bounds: CGRect
    var matrix: AffineTransform = AffineTransform()
    private var graphicsStates: [String: PDFDictionary] = [:]
    var fonts: [String: PDFDictionary] = [:]
    var xObjects: [String: PDFReference] = [:]

    init(bounds: CGRect) {
        self.bounds = bounds
    }

    /// Sets stroke and fill opacity through an ExtGState, so the whole drawing is composited
    /// once: a translucent stroke that crosses itself is not darker where it crosses.
    mutating func setOpacity(_ opacity: Double, blendMode: String? = nil) {
        guard opacity < 1 || blendMode != nil else { return }
        var state = PDFDictionary()
        state["Type"] = .name("ExtGState")
        state["CA"] = .real(max(0, min(1, opacity)))
        state["ca"] = .real(max(0, min(1, opacity)))
        if let blendMode { state["BM"] = .name(blendMode) }
        let name = "GS\(graphicsStates.count)"
        graphicsStates[name] = state
        content.graphicsState(name)
    }

    /// The finished form XObject.
    func stream() -> PDFStream {
        var dictionary = PDFDictionary()
        dictionary["Type"] = .name("XObject")
        dictionary["Subtype"] = .name("Form")
        dictionary["FormType"] = 1
        dictionary["BBox"] = AnnotationWriter.rectangle(bounds)
        if matrix != AffineTransform() {
            dictionary["Matrix"] = .array([matrix.m11, matrix.m12, matrix.m21, matrix.m22, matrix.tX, matrix.tY].map { .real(Double($0)) })
        }
        var resources = PDFDictionary()
        if !graphicsStates.isEmpty {
            resources["ExtGState"] = .dictionary(PDFDictionary(graphicsStates.sorted { $0.key < $1.key }.map { ($0.key, .dictionary($0.value)) }))
        }
        if !fonts.isEmpty {
            resources["Font"] = .dictionary(PDFDictionary(fonts.sorted { $0.key < $1.key }.map { ($0.key, .dictionary($0.value)) }))
        }
        if !xObjects.isEmpty {
            resources["XObject"] = .dictionary(PDFDictionary(xObjects.sorted { $0.key < $1.key }.map { ($0.key, .reference($0.value)) }))
        }
        dictionary["Resources"] = .dictionary(resources)
        return PDFStream(dictionary: dictionary, rawBytes: content.bytes)
    }
}

extension CGRect {
    /// Grown by `amount` on every side; a rect with no area still gets one.
    func expanded(by amount: CGFloat) -> CGRect {
        CGRect(x: minX - amount, y: minY - amount, width: width + 2 * amount, height: height + 2 * amount)
    }

    /// The smallest rect holding every point (zero when there are none).
    static func bounding(_ points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .zero }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points where p.x.isFinite && p.y.isFinite {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
