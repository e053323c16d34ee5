/// How the strokes of an ink annotation look: a plain pen line, or a textured brush in the
/// manner of PencilKit's pencil, marker, crayon, watercolour and fountain pen.
///
/// The brush changes only the appearance stream. `/InkList` keeps the centreline, so every
/// viewer shows the texture (it is vector drawing inside the standard appearance) and can
/// still edit the ink as ink; the brush itself is kept under Marginalia's private key
/// (`/MarginaliaData << /Brush /pencil >>`) so Marginalia draws the same texture again when
/// the ink changes. A viewer that edits the ink and redraws it gets a plain line.
///
/// The raw value is the one name used everywhere: the annotation JSON's `brush`, XFDF's
/// `brush` attribute and the private key's `/Brush` name.
public enum InkBrush: String, CaseIterable, Hashable, Sendable {
    /// A smooth line of one colour (the default, and the only look without Marginalia).
    case pen
    /// Graphite: lighter at the edges, with a paper grain of short broken strokes.
    case pencil
    /// A felt marker: translucent, multiplied over the page, with darker rims.
    case marker
    /// Wax crayon: coarse grain with gaps, rough ends.
    case crayon
    /// A soft translucent wash whose layers build up colour towards the middle.
    case watercolor
    /// A broad nib held at 45°: thick across, thin along the nib's edge.
    case fountainPen
    /// An even line: the same width all along whatever the pen's pressure, with round ends
    /// and joins (a technical pen, the handwriting apps' "monoline").
    case monoline

    /// The brush named `name` (its raw value), or nil for an unknown name.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// Whether the pen's pressure changes the width of this brush's strokes. Only the
    /// monoline ignores it: its strokes are drawn at the nominal width from end to end, and a
    /// stroke drawn with it keeps no pressures.
    public var followsPressure: Bool {
        self != .monoline
    }

    /// The name a user reads in the brush picker (English).
    public var label: String {
        switch self {
        case .pen: "Pen"
        case .pencil: "Pencil"
        case .marker: "Marker"
        case .crayon: "Crayon"
        case .watercolor: "Watercolour"
        case .fountainPen: "Fountain pen"
        case .monoline: "Monoline"
        }
    }

    /// The names of every brush, comma-separated, for error messages and help.
    public static var knownNames: String {
        allCases.map { $0.rawValue }.joined(separator: ", ")
    }
}

#if !hasFeature(Embedded)
extension InkBrush: Codable {}
#endif
