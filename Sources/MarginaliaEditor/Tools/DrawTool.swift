import Foundation
import Marginalia

/// The pen, marker and highlighter: turns one pointer's samples into an ink annotation.
///
/// A stroke belongs to the page it began on: later samples are converted onto that page
/// even when the pointer crosses onto another, and the finished stroke is clipped to the
/// page (so nothing is lost and nothing lands on the wrong page). While drawing, a cheap
/// preview (raw points plus predicted ones) is all that is computed; on end the stroke is
/// simplified with a tolerance tied to the zoom and becomes one `addAnnotation` operation.
public struct DrawTool: Sendable {
    public var preset: InkPreset
    public private(set) var pageIndex: Int?
    private var builder: StrokeBuilder?

    public init(preset: InkPreset) {
        self.preset = preset
    }

    /// Whether a stroke is in progress.
    public var isDrawing: Bool { builder != nil }

    /// Starts a stroke at a view-space sample; returns false (nothing starts) outside every page.
    public mutating func begin(_ sample: PointerSample, viewport: Viewport) -> Bool {
        guard let (page, point) = viewport.convertToPage(sample.location) else { return false }
        pageIndex = page
        var stroke = StrokeBuilder(width: preset.width)
        stroke.append([StrokeSample(point: point, pressure: sample.pressure, time: sample.timestamp)])
        builder = stroke
        return true
    }

    /// Adds committed samples and replaces the predicted ones (view space).
    public mutating func move(_ samples: [PointerSample], predicted: [PointerSample], viewport: Viewport) {
        guard builder != nil, let page = pageIndex else { return }
        func convert(_ s: PointerSample) -> StrokeSample {
            StrokeSample(point: viewport.convert(s.location, toPage: page), pressure: s.pressure, time: s.timestamp)
        }
        // Appended in place: copying the builder out would copy every sample at every event.
        builder?.append(samples.map(convert), predicted: predicted.map(convert))
    }

    /// What to draw while the stroke is in progress (page space of ``pageIndex``).
    public var preview: [CGPoint] { builder?.preview ?? [] }

    /// Abandons the stroke without a trace.
    public mutating func cancel() {
        builder = nil
        pageIndex = nil
    }

    /// Finishes the stroke: the ink annotation to add (clipped to the page's `bounds`), or
    /// nil when nothing visible was drawn on the page.
    public mutating func end(viewport: Viewport, pageBounds: CGRect, author: String? = nil) -> EditorOperation? {
        endInk(viewport: viewport, pageBounds: pageBounds, author: author).map(EditorOperation.addAnnotation)
    }

    /// Finishes the stroke and returns its ink annotation (not yet added), or nil.
    public mutating func endInk(viewport: Viewport, pageBounds: CGRect, author: String? = nil) -> PDFAnnotation? {
        defer { cancel() }
        guard let stroke = builder, let page = pageIndex else { return nil }
        return StrokeFinishing.ink(from: stroke, pageIndex: page, preset: preset, zoom: Double(viewport.zoom),
                                   pageBounds: pageBounds, author: author)
    }
}
