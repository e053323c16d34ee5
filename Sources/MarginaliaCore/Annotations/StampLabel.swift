#if !hasFeature(Embedded)
import Foundation
#endif

/// How a named stamp (ISO 32000-2, 12.5.6.12: `Approved`, `Draft`, `NotForPublicRelease`...)
/// is drawn: a rounded frame inset in its box, in the stamp's colour, around its name as a
/// title in capitals, as large as 0.6 of the frame's height allows while it fits 0.85 of the
/// frame's width. The appearance stream (Marginalia's AppearanceBuilder) and the browser's
/// overlay (the bridge's `stampLabel`) both draw it from this; each measures the title in the
/// font it draws with (Helvetica-Bold).
public struct StampLabel: Equatable, Sendable {
    /// The name in words and capitals: "NotForPublicRelease" is "NOT FOR PUBLIC RELEASE".
    public var title: String
    /// The frame's path rectangle, in the box's coordinates.
    public var frame: CGRect
    public var lineWidth: Double
    /// The radius of the frame's corners.
    public var radius: Double
    /// The largest font size of the title (0.6 of the frame's height).
    public var maximumFontSize: Double
    /// The width the title may take (0.85 of the frame's width).
    public var titleWidth: Double

    /// The share of the frame's width the title may take.
    static let titleShare = 0.85

    /// The standard font the title is written in (its `BaseFont` name): the appearance stream
    /// writes it, ``titleLayout`` measures in its widths, and the bridge's `stampLabel` answers
    /// its face for the browser to show the title in.
    public static let titleFont = "Helvetica-Bold"
    /// The widths of ``titleFont``.
    static var titleMetrics: StandardFontMetrics { StandardFontNames.metrics(titleFont) ?? .helveticaBold }

    /// The label of a stamp named `name` drawn in `box` (its appearance's bounding box).
    public init(name: String, box: CGRect) {
        title = Self.title(name)
        frame = box.insetBy(dx: min(2, box.width / 2), dy: min(2, box.height / 2))
        lineWidth = min(3, Double(box.height) / 10)
        radius = Double(min(frame.width, frame.height)) * 0.15
        maximumFontSize = Double(frame.height) * 0.6
        titleWidth = Double(frame.width) * Self.titleShare
    }

    /// The font size of the title, given its width at size 1 in the font it is drawn with:
    /// the largest up to ``maximumFontSize`` at which it fits ``titleWidth`` (at least 1).
    public func fontSize(titleWidthAtOne width: Double) -> Double {
        max(1, min(maximumFontSize, width > 0 ? titleWidth / width : 12))
    }

    /// Words split before each capital that follows a small letter, in capitals (ASCII
    /// letters; the standard names are ASCII, other characters are kept as they are). A name
    /// with its own spaces (a custom stamp's text, "Checked by Ana Silva") keeps them as they
    /// are, with no second space before a capital.
    static func title(_ name: String) -> String {
        var bytes: [UInt8] = []
        var previous: UInt8 = 0
        for byte in name.utf8 {
            let upper = byte >= 65 && byte <= 90
            if upper && previous >= 97 && previous <= 122 { bytes.append(32) }
            bytes.append(byte >= 97 && byte <= 122 ? byte - 32 : byte)
            previous = byte
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
