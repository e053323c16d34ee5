#if !hasFeature(Embedded)
import Foundation
#endif

/// What a client asks the editor to do: the public command protocol (docs/api.md,
/// "Commands"). The browser's engine makes these from the user's input; the server decodes
/// them with the same code (``init(json:)``), checks them against the document
/// (``check(pageCount:annotation:)``) and applies them. The operation log is a separate,
/// internal format: clients never send its steps (such as restoring a removed page object).
///
/// Annotations are named by id; pages by 0-based index; coordinates are page space.
public enum EditorCommand: Equatable, Sendable {
    /// Adds annotations as one step, each with its `pageIndex` (and an `id`, or one is made
    /// when it is applied), as the checked reading of the annotation JSON gives them
    /// (docs/annotations-json.md, ``Annotation/init(checking:path:reading:)``).
    case add([Annotation])
    /// Replaces the properties of the annotation with the same `id` with this one's (its text,
    /// colours, geometry...).
    case change(Annotation)
    /// Removes annotations.
    case remove(ids: [String])
    /// Clears the Locked and LockedContents flags of annotations, so that they can be
    /// edited again: the only command that does (``AnnotationLock``).
    case unlock(ids: [String])
    /// Moves annotations by (dx, dy) page points; each stays on its page.
    case move(ids: [String], dx: Double, dy: Double)
    /// Adds copies of annotations (of one page, each given a new id when applied) moved by
    /// (dx, dy) page points and kept on their page, as one step: a paste or a duplicate.
    case paste(annotations: [Annotation], dx: Double, dy: Double)
    /// Brings annotations to the front of their page (drawn over the others) or sends them to
    /// the back, keeping their order among themselves.
    case arrange(ids: [String], toFront: Bool)
    /// Resizes one annotation to a rect (stamps and notes keep their proportions).
    case resize(id: String, rect: CGRect)
    /// Changes the style of annotations.
    case restyle(ids: [String], style: Restyle)
    /// A freehand stroke: the engine smooths, simplifies and clips it into an ink annotation.
    case stroke(Stroke)
    /// An eraser sweep.
    case erase(Erase)
    /// Sets a form field's value: a string, true or false, or an array of strings.
    case fill(name: String, value: FormValue)
    case insertPage(index: Int, width: Double, height: Double)
    case removePage(index: Int)
    /// Turns a page clockwise by a multiple of 90 degrees.
    case rotatePage(index: Int, degrees: Int)
    /// Moves a page so that it ends up at index `to`.
    case movePage(from: Int, to: Int)
    /// Adds a reply to an annotation's comment thread.
    case reply(Reply)
    /// Sets the author's review state of an annotation (one state per author).
    case setState(StateChange)
    /// Changes the text of a reply; only its author may.
    case editReply(id: String, text: String, author: String?)
    /// Removes a reply or review state (with the replies to it); only its author may.
    case deleteReply(id: String, author: String?)
    /// Copies pages of the document so that the first copy becomes page `to` (one step).
    case duplicatePages(pages: [Int], to: Int)
    /// Inserts copies of pages (all when nil) of another document or an uploaded file at
    /// `index` (one step).
    case insertPages(index: Int, source: PageSource, pages: [Int]?)
    /// Turns pages clockwise by a multiple of 90 degrees (one step).
    case rotatePages(pages: [Int], degrees: Int)
    /// Moves pages, in their order, so that the first ends up at `to` (one step).
    case movePages(pages: [Int], to: Int)
    /// Removes pages (one step; the document keeps at least one).
    case removePages(pages: [Int])
    case undo
    case redo

    /// A style change; nil fields stay as they are.
    public struct Restyle: Equatable, Sendable {
        /// The stroke colour (the text colour of free text).
        public var color: Color?
        public var width: Double?
        public var opacity: Double?
        /// A new fill colour, or ``Fill/none`` to remove the fill.
        public var fill: Fill?
        /// Free text only.
        public var fontSize: Double?
        /// Free text only.
        public var bold: Bool?
        /// Free text only: slanted (Helvetica's and Courier's oblique face, Times' italic).
        public var italic: Bool?
        /// Free text only: the standard font family, its weight and slant kept.
        public var family: FontFamily?
        /// Free text only: where the lines sit in the box (`/Q`).
        public var alignment: TextAlignment?
        /// Notes only: the icon their `/Name` names.
        public var icon: NoteIcon?

        /// The families of the standard fonts a text box can be set in.
        public enum FontFamily: String, CaseIterable, Sendable {
            case helvetica = "Helvetica", times = "Times", courier = "Courier"
        }

        /// Where the lines of a text box sit (`/Q` 0, 1, 2).
        public enum TextAlignment: String, CaseIterable, Sendable {
            case left, center, right
        }

        public enum Fill: Equatable, Sendable {
            case none
            case color(Color)
        }

        public init(color: Color? = nil, width: Double? = nil, opacity: Double? = nil, fill: Fill? = nil,
                    fontSize: Double? = nil, bold: Bool? = nil, italic: Bool? = nil, family: FontFamily? = nil,
                    alignment: TextAlignment? = nil, icon: NoteIcon? = nil) {
            self.color = color
            self.width = width
            self.opacity = opacity
            self.fill = fill
            self.fontSize = fontSize
            self.bold = bold
            self.italic = italic
            self.family = family
            self.alignment = alignment
            self.icon = icon
        }

        /// The widths a restyle accepts, in points (the API's `restyle`; docs/api.md).
        public static let widthRange: ClosedRange<Double> = 0...200
        /// The opacities a restyle accepts.
        public static let opacityRange: ClosedRange<Double> = 0...1
        /// The font sizes a restyle accepts, in points.
        public static let fontSizeRange: ClosedRange<Double> = 1...400

        public var isEmpty: Bool {
            color == nil && width == nil && opacity == nil && fill == nil && fontSize == nil && bold == nil
                && italic == nil && family == nil && alignment == nil && icon == nil
        }
    }

    /// A pen, marker or highlighter stroke.
    public struct Stroke: Equatable, Sendable {
        /// The page the stroke began on; it stays there and is clipped to it.
        public var pageIndex: Int
        /// The samples in page space.
        public var samples: [StrokeSample]
        public var ink: InkPreset
        /// View pixels per page point when the stroke ended (sets the simplification tolerance).
        public var zoom: Double
        /// Whether a confidently recognised shape replaces the ink (a second undo step).
        public var recognizeShape: Bool
        public var author: String?

        public init(pageIndex: Int, samples: [StrokeSample], ink: InkPreset, zoom: Double = 1,
                    recognizeShape: Bool = false, author: String? = nil) {
            self.pageIndex = pageIndex
            self.samples = samples
            self.ink = ink
            self.zoom = zoom
            self.recognizeShape = recognizeShape
            self.author = author
        }
    }

    /// An eraser sweep through `points` (one point is a tap).
    public struct Erase: Equatable, Sendable {
        public var pageIndex: Int
        public var mode: EraserMode
        /// The eraser's diameter in page points.
        public var size: Double
        public var points: [CGPoint]

        public init(pageIndex: Int, mode: EraserMode, size: Double, points: [CGPoint]) {
            self.pageIndex = pageIndex
            self.mode = mode
            self.size = size
            self.points = points
        }
    }

    /// The protocol's version: requests carry it as `"protocol"`.
    public static let protocolVersion = 1
    /// The most points one command may carry (the annotation JSON's limit per annotation).
    public static let maximumPoints = Annotation.maximumPoints
    /// The most annotations one command may name or add.
    public static let maximumIds = 10_000

    /// The command's `type`.
    public var type: CommandType {
        switch self {
        case .add: return .add
        case .change: return .change
        case .remove: return .remove
        case .unlock: return .unlock
        case .move: return .move
        case .paste: return .paste
        case .arrange: return .arrange
        case .resize: return .resize
        case .restyle: return .restyle
        case .stroke: return .stroke
        case .erase: return .erase
        case .fill: return .fill
        case .insertPage: return .insertPage
        case .removePage: return .removePage
        case .rotatePage: return .rotatePage
        case .movePage: return .movePage
        case .reply: return .reply
        case .setState: return .setState
        case .editReply: return .editReply
        case .deleteReply: return .deleteReply
        case .duplicatePages: return .duplicatePages
        case .insertPages: return .insertPages
        case .rotatePages: return .rotatePages
        case .movePages: return .movePages
        case .removePages: return .removePages
        case .undo: return .undo
        case .redo: return .redo
        }
    }

    /// The command's `type` in JSON.
    public var typeName: String { type.rawValue }

    /// Every command type, as written in JSON.
    public static let typeNames = CommandType.allCases.map { $0.rawValue }
}
