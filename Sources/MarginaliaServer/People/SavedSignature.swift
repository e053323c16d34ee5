import Foundation

/// A handwritten signature or initials a signed-in user keeps on the server for the editor's
/// Sign tool (docs/api.md, "Saved signatures"): drawn (the signing pad's strokes, which the
/// engine turns into ink as it places them), an image (PNG or JPEG), or a typed name and the
/// script face it is set in. Each belongs to one user and is seen and changed by that user only.
public struct SavedSignature: Equatable, Sendable {
    /// Whether it is a full signature or initials (placed smaller).
    public enum Kind: String, CaseIterable, Sendable {
        case signature
        case initials
    }

    /// How it is drawn.
    public enum Drawing: Equatable, Sendable {
        /// The signing pad's strokes, each a list of samples `[x, y, pressure, seconds]` in
        /// the pad's space (CSS pixels, y down), and the pad's size.
        case ink(padWidth: Double, padHeight: Double, strokes: [[[Double]]])
        /// An image file, with its size in pixels as the image itself gives it.
        case image(format: ImageKind, data: Data, width: Int, height: Int)
        /// A name and the face it is set in (one of ``SavedSignature/typedFaces``).
        case typed(text: String, font: String)
    }

    /// The image formats a saved signature may be.
    public enum ImageKind: String, CaseIterable, Sendable {
        case png
        case jpeg
    }

    /// The faces a typed signature may be set in: the editor's (URW's Z003, a chancery italic).
    public static let typedFaces: Set<String> = ["Z003"]

    /// 32 lowercase hexadecimal digits, given by the server.
    public var id: String
    /// The user it belongs to.
    public var owner: String
    public var kind: Kind
    /// What it is called in the list (a typed one's name, an image's file name).
    public var label: String
    public var drawing: Drawing
    public var created: Date
    /// When it was last replaced (its creation at first).
    public var modified: Date

    public init(id: String, owner: String, kind: Kind, label: String, drawing: Drawing, created: Date, modified: Date) {
        self.id = id
        self.owner = owner
        self.kind = kind
        self.label = label
        self.drawing = drawing
        self.created = created
        self.modified = modified
    }

    /// What the audit log says of it: `id=… kind=signature|initials drawing=ink|image|typed`
    /// (never the drawing nor the label, which may be a name).
    public var auditDetail: String {
        "id=\(id) kind=\(kind.rawValue) drawing=\(drawing.json["type"] as? String ?? "?")"
    }

    /// A new id: a random UUID's 32 hexadecimal digits.
    public static func makeID() -> String {
        UUID().uuidString.lowercased().filter { $0 != "-" }
    }
}

/// How much one user may keep, checked by the routes and the stores alike; every refusal
/// names the limit.
public struct SavedSignatureLimits: Equatable, Sendable {
    /// Signatures and initials one user keeps together.
    public var maxSaved = 20
    /// The bytes of one image.
    public var maxImageBytes = 512 * 1024
    /// The pixels of one image (width × height).
    public var maxImagePixels = 4_000_000
    /// The strokes of one drawn signature.
    public var maxStrokes = 200
    /// The samples of one drawn signature, all strokes together.
    public var maxPoints = 20_000
    /// The characters (Unicode code points) of a label or a typed name.
    public var maxTextLength = 200

    public init() {}
}

/// Where saved signatures are kept: both stores (``SQLiteDocumentStore``,
/// ``PostgresDocumentStore``), in a table of their own keyed by the owner's name. Every call
/// names the owner, and a row of another owner is as good as missing.
public protocol SavedSignatureStore: AnyObject, Sendable {
    /// The owner's saved signatures, oldest first.
    func savedSignatures(of owner: String) throws -> [SavedSignature]
    /// Adds `signature` (its id new) unless its owner keeps `maxSaved` already.
    ///
    /// - Throws: ``SavedSignatureError/full(limit:)``.
    func addSavedSignature(_ signature: SavedSignature, maxSaved: Int) throws
    /// Replaces the kind, label, drawing and modification time of the owner's signature
    /// `signature.id`, and answers it as stored (its creation time kept).
    ///
    /// - Throws: ``SavedSignatureError/notFound(id:owner:)`` when the owner has none with that id.
    func replaceSavedSignature(_ signature: SavedSignature) throws -> SavedSignature
    /// Removes the owner's signature `id`.
    ///
    /// - Throws: ``SavedSignatureError/notFound(id:owner:)`` when the owner has none with that id.
    func removeSavedSignature(_ id: String, of owner: String) throws
}
