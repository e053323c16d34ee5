import Foundation

/// Writes a note icon (``NoteIcon/marks(in:)``, the one drawing of each icon, which the
/// browser draws too) into a content stream: bodies filled with the note's colour and
/// outlined in dark grey, lines and dots in dark grey.
struct NoteIconDrawer {
    let box: CGRect
    let fill: [Double]
    /// The stream drawn into (what came before is kept).
    var content: ContentStreamBuilder

    private static let ink: [Double] = [NoteIcon.inkGrey, NoteIcon.inkGrey, NoteIcon.inkGrey]

    init(box: CGRect, fill: [Double], content: ContentStreamBuilder = ContentStreamBuilder()) {
        self.box = box
        self.fill = fill
        self.content = content
    }

    mutating func draw(_ icon: NoteIcon) {
        content.lineJoin(1)
        content.strokeColor(Self.ink)
        var width: Double?
        var cap: Int?
        for mark in icon.marks(in: box) where !mark.path.isEmpty {
            // The state first: no operator but path ones may stand between a path and its paint.
            if mark.paint != .dot {
                if width != mark.lineWidth { content.lineWidth(mark.lineWidth); width = mark.lineWidth }
                if cap != mark.lineCap { content.lineCap(mark.lineCap); cap = mark.lineCap }
            }
            switch mark.paint {
            case .body:
                content.fillColor(fill)
                content.append(mark.path)
                content.fillAndStroke()
            case .line:
                content.append(mark.path)
                content.stroke()
            case .dot:
                content.fillColor(Self.ink)
                content.append(mark.path)
                content.fill()
            }
        }
    }
}
