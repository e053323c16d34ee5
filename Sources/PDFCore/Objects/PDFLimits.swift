/// Bounds on what reading a document may cost, so that no input (hostile or broken) can
/// exhaust memory or recurse without end. Every limit reached ends in
/// ``PDFError/limitExceeded(_:limit:max:)``.
public struct PDFLimits: Hashable, Sendable {
    /// Deepest nesting of arrays and dictionaries inside one object.
    public var maxNestingDepth: Int = 256
    /// Largest decoded size of one stream, in bytes.
    public var maxDecodedStreamSize: Int = 256 << 20
    /// Most bytes that decoding the streams of one opened document may produce in all, every
    /// decode counted (cross-reference and object streams included, and a stream read twice
    /// counts twice). Bounds the work a small file of compression bombs, or of references
    /// to one bomb, can cause.
    public var maxDocumentDecodedSize: Int = 2 << 30
    /// Largest object number accepted from a cross-reference section or a repair scan; so
    /// also the most objects, and cross-reference entries, one document may have.
    public var maxObjectNumber: Int = 8_388_607
    /// Longest string or name, in bytes.
    public var maxStringLength: Int = 32 << 20
    /// Most elements of one array or entries of one dictionary.
    public var maxCollectionCount: Int = 4_000_000
    /// Most `/Prev` sections followed in a cross-reference chain. (A page tree is walked
    /// whatever its depth: a deep chain is valid; a loop, a node met again among its own
    /// ancestors, is skipped.)
    public var maxTreeDepth: Int = 1_000
    /// Most pages a page tree may hold; a walk of the tree also stops past twice as many
    /// nodes and pages entered, so nodes shared to multiply pages cannot make it endless.
    public var maxPageCount: Int = 1_000_000
    /// Most operators and shown glyphs that interpreting one page's content may take, those
    /// of the form XObjects it draws counted each time they are drawn (text extraction): so
    /// a small page that draws one form a million times, or shows a 30 MB string, stops here.
    public var maxContentOperations: Int = 20_000_000

    public init() {}

    /// One limit by the name docs/limits.md and `MARGINALIA_LIMITS` give it.
    public enum Name: String, CaseIterable, Hashable, Sendable {
        case maxNestingDepth, maxDecodedStreamSize, maxDocumentDecodedSize, maxObjectNumber, maxStringLength
        case maxCollectionCount, maxTreeDepth, maxPageCount, maxContentOperations

        var keyPath: WritableKeyPath<PDFLimits, Int> {
            switch self {
            case .maxNestingDepth: return \.maxNestingDepth
            case .maxDecodedStreamSize: return \.maxDecodedStreamSize
            case .maxDocumentDecodedSize: return \.maxDocumentDecodedSize
            case .maxObjectNumber: return \.maxObjectNumber
            case .maxStringLength: return \.maxStringLength
            case .maxCollectionCount: return \.maxCollectionCount
            case .maxTreeDepth: return \.maxTreeDepth
            case .maxPageCount: return \.maxPageCount
            case .maxContentOperations: return \.maxContentOperations
            }
        }
    }

    /// The limit `name`.
    public subscript(name: Name) -> Int {
        get { self[keyPath: name.keyPath] }
        set { self[keyPath: name.keyPath] = newValue }
    }

    /// The limits used when none are given.
    public static let `default` = PDFLimits()
}
