/// Why a request or an engine call was refused, as an identifier the editor translates and
/// named arguments its sentence fills in (docs/api.md, "Reasons"; docs/i18n.md, "Refusals").
///
/// The server answers it next to an error's English `message` as `reason` and `args`
/// (`{"reason": "limit.upload", "args": {"maxBytes": 1048576, "option": "--max-upload"}}`), and the
/// browser's engine answers it from the same table through the Wasm bridge. The editor shows
/// its catalog's sentence for `reason.IDENTIFIER` (Web/i18n), and the English message for an
/// identifier it does not know. Identifiers are stable: a new one may be added (and
/// ``Reason/version`` raised), one is never renamed or given other arguments.
public struct Reason: Equatable, Sendable {
    /// The version of the identifier set ("reasons version N" in docs/api.md): raised when an
    /// identifier is added.
    public static let version = 3

    /// One identifier, with the arguments its sentence names.
    public enum Key: Equatable, Sendable {
        /// 413: a request body over `maxBytes` bytes (`option`: the server's setting).
        case requestBodyTooLarge
        /// 413: an uploaded file over `maxBytes` bytes (`option`: the server's setting).
        case uploadTooLarge
        /// 503: the server's memory budget has no room now; try again after `retryAfter` seconds.
        case memoryBusy
        /// 401: the request needs a signed-in user.
        case signInRequired
        /// 403: the signed-in user lacks the permission the request needs.
        case permissionMissing
        /// 404: no such document, version or item.
        case notFound
        /// 409: the document was saved or changed by someone else since the request's state.
        case changedSince
        /// 409: an undo (or a redo, `redo` true) refused: `author` has since changed what the
        /// step touched, in the way `change` says (``HistoryChange``).
        case historyRefused(redo: Bool, HistoryChange)
        /// 409: as ``historyRefused(redo:_:)``, by a change made without a name.
        case historyRefusedAnonymous(redo: Bool)
        /// 403: the document's certification signature does not allow the change.
        case certificationForbids
        /// 409: rewriting the document would break its signatures.
        case rewriteBreaksSignatures
        /// 422: the uploaded bytes are not a kind of file the request takes.
        case unsupportedFile
        /// 403: annotation `id` is locked.
        case annotationLocked
        /// 403: annotation `id` is read-only.
        case annotationReadOnly
        /// 403: the comment is `author`'s: only they may change it.
        case notAuthor
        /// 422: page `page` (from 1) is past the document's `pageCount` pages.
        case pageOutOfRange
        /// 422: no annotation `id`.
        case unknownAnnotation
        /// 413: one request adds, removes or changes `count` annotations, more than `max`
        /// (`option`: the server's setting).
        case annotationsPerRequest
        /// 413: one request touches `count` pages, more than `max` (`option`).
        case pagesPerRequest
        /// 413: one request carries `count` points, more than `max` (`option`).
        case pointsPerRequest
        /// 413: the work needs more than `maxBytes` bytes of memory, the limit of one request
        /// (`option`).
        case requestMemory
        /// 413: the PDF passes one of the server's reading limits (docs/limits.md), set with
        /// `option` (the English message names the limit). Version 2; the server now answers
        /// ``readingLimitNamed(_:)``, which names the limit.
        case readingLimit
        /// 409: the document was saved as version `version` since version `basedOn`, the one
        /// the save was made from.
        case savedSince
        /// 409: a restore found edits made while it ran: nothing was restored.
        case restoreOvertaken
        /// 409: the document moved to version `version` while the redactions were applied:
        /// nothing was stored.
        case redactionOvertaken
        /// 409: only a document in the trash may be deleted for good.
        case notInTrash
        /// 409: version `version` lacks the signatures `signatures` of the document: restoring
        /// it would remove them.
        case restoreLosesSignatures
        /// 409: the request's `baseRevision` is ahead of the document's `revision` (the server
        /// lost edits it never saved, or the document was replaced).
        case revisionAhead
        /// 503: the database cannot be reached now; the request may be sent again.
        case databaseUnavailable
        /// 503: the server is shutting down and takes no new request (a restart, a new
        /// version); the request may be sent again once it is back.
        case serverStopping
        /// 413: the PDF passes the reading limit `limit` (docs/limits.md): `max` (`maxBytes` for
        /// a limit in bytes), set with `option`.
        case readingLimitNamed(ReadingLimit)
        /// 413: one list of a request (the ids of a selection, the pages of a move, the
        /// vertices of a shape) has `count` items, more than `max`.
        case listItems
        /// 413: a reply's text is longer than `maxBytes` bytes.
        case commentLength
        /// 413: one pointer event carries `count` samples, more than `max`.
        case pointerSamples
        /// 422: an image of `width` × `height` pixels, more than the `max` pixels one image may have.
        case imageTooLarge
        /// 422: an image file of `count` pages (a TIFF), more than `max`.
        case imageTooManyPages

        /// Every identifier, in the order of docs/api.md's table.
        public static let all: [Key] = {
            let history: [Key] = [false, true].flatMap { (redo: Bool) -> [Key] in
                HistoryChange.allCases.map { Key.historyRefused(redo: redo, $0) } + [Key.historyRefusedAnonymous(redo: redo)]
            }
            let limits: [Key] = [.requestBodyTooLarge, .uploadTooLarge, .memoryBusy, .signInRequired, .permissionMissing, .notFound,
                                 .changedSince]
            let rest: [Key] = [.certificationForbids, .rewriteBreaksSignatures, .unsupportedFile, .annotationLocked,
                               .annotationReadOnly, .notAuthor, .pageOutOfRange, .unknownAnnotation]
            // Reasons version 2.
            let added: [Key] = [.annotationsPerRequest, .pagesPerRequest, .pointsPerRequest, .requestMemory, .readingLimit,
                                .savedSince, .restoreOvertaken, .redactionOvertaken, .notInTrash, .restoreLosesSignatures,
                                .revisionAhead, .databaseUnavailable, .serverStopping]
            // Reasons version 3: each reading limit by name, the engine's own limits, an image's.
            let named: [Key] = ReadingLimit.allCases.map { Key.readingLimitNamed($0) } + [.listItems, .commentLength, .pointerSamples, .imageTooLarge, .imageTooManyPages]
            return limits + history + rest + added + named
        }()

        /// The identifier as the API writes it (`reason`).
        public var identifier: String {
            switch self {
            case .requestBodyTooLarge: return "limit.requestBody"
            case .uploadTooLarge: return "limit.upload"
            case .memoryBusy: return "limit.memoryBusy"
            case .signInRequired: return "auth.signInRequired"
            case .permissionMissing: return "auth.permissionMissing"
            case .notFound: return "notFound"
            case .changedSince: return "conflict.changedSince"
            case .historyRefused(let redo, let change): return "conflict.\(redo ? "redo" : "undo")Refused.\(change.name)"
            case .historyRefusedAnonymous(let redo): return "conflict.\(redo ? "redo" : "undo")Refused.anonymous"
            case .certificationForbids: return "signature.certificationForbids"
            case .rewriteBreaksSignatures: return "signature.rewriteBreaks"
            case .unsupportedFile: return "upload.unsupportedFile"
            case .annotationLocked: return "annotation.locked"
            case .annotationReadOnly: return "annotation.readOnly"
            case .notAuthor: return "annotation.notAuthor"
            case .pageOutOfRange: return "page.outOfRange"
            case .unknownAnnotation: return "annotation.unknown"
            case .annotationsPerRequest: return "limit.annotations"
            case .pagesPerRequest: return "limit.pages"
            case .pointsPerRequest: return "limit.points"
            case .requestMemory: return "limit.requestMemory"
            case .readingLimit: return "limit.reading"
            case .savedSince: return "conflict.savedSince"
            case .restoreOvertaken: return "conflict.restoreOvertaken"
            case .redactionOvertaken: return "conflict.redactionOvertaken"
            case .notInTrash: return "conflict.notInTrash"
            case .restoreLosesSignatures: return "conflict.restoreLosesSignatures"
            case .revisionAhead: return "conflict.revisionAhead"
            case .databaseUnavailable: return "unavailable.database"
            case .serverStopping: return "unavailable.shuttingDown"
            case .readingLimitNamed(let limit): return "limit.reading.\(limit.rawValue)"
            case .listItems: return "limit.listItems"
            case .commentLength: return "limit.commentLength"
            case .pointerSamples: return "limit.pointerSamples"
            case .imageTooLarge: return "image.tooLarge"
            case .imageTooManyPages: return "image.tooManyPages"
            }
        }

        /// The names of the arguments the identifier's sentence may use (`args`): one whose name
        /// ends in `Bytes` is a size in bytes (the editor writes it in kB or MB), the rest are
        /// numbers or text as given.
        public var arguments: [String] {
            switch self {
            case .requestBodyTooLarge, .uploadTooLarge: return ["maxBytes", "option"]
            case .memoryBusy: return ["retryAfter"]
            case .historyRefused(_, let change): return change == .field ? ["author", "field"] : ["author"]
            case .notAuthor: return ["author"]
            case .annotationLocked, .annotationReadOnly, .unknownAnnotation: return ["id"]
            case .pageOutOfRange: return ["page", "pageCount"]
            case .annotationsPerRequest, .pagesPerRequest, .pointsPerRequest: return ["count", "max", "option"]
            case .requestMemory: return ["maxBytes", "option"]
            case .readingLimit: return ["option"]
            case .readingLimitNamed(let limit): return [limit.isBytes ? "maxBytes" : "max", "option"]
            case .listItems, .pointerSamples: return ["count", "max"]
            case .commentLength: return ["maxBytes"]
            case .imageTooLarge: return ["width", "height", "max"]
            case .imageTooManyPages: return ["count", "max"]
            case .savedSince: return ["version", "basedOn"]
            case .redactionOvertaken: return ["version"]
            case .restoreLosesSignatures: return ["version", "signatures"]
            case .revisionAhead: return ["baseRevision", "revision"]
            case .restoreOvertaken, .notInTrash, .databaseUnavailable, .serverStopping: return []
            case .signInRequired, .permissionMissing, .notFound, .changedSince, .historyRefusedAnonymous, .certificationForbids, .rewriteBreaksSignatures, .unsupportedFile:
                return []
            }
        }
    }

    /// A reading limit of docs/limits.md, by the name `MARGINALIA_LIMITS` gives it (the same
    /// names as PDFCore's `PDFLimits.Name`, which this Foundation-free module cannot import;
    /// a test holds the two lists equal).
    public enum ReadingLimit: String, CaseIterable, Equatable, Sendable {
        case maxNestingDepth, maxDecodedStreamSize, maxDocumentDecodedSize, maxObjectNumber, maxStringLength
        case maxCollectionCount, maxTreeDepth, maxPageCount, maxContentOperations

        /// Whether the limit is a number of bytes (its argument is then `maxBytes`).
        public var isBytes: Bool {
            switch self {
            case .maxDecodedStreamSize, .maxDocumentDecodedSize, .maxStringLength: return true
            default: return false
            }
        }
    }

    /// How another user's later change met a step whose undo or redo it refuses.
    public enum HistoryChange: Equatable, Sendable, CaseIterable {
        /// Pages were inserted, removed or moved.
        case pages
        /// The document was edited (the refused step changed the page order).
        case document
        /// The annotation the step touched was changed.
        case annotation
        /// The annotation the step touched was commented on.
        case comment
        /// The form field `field` the step filled was filled again.
        case field

        var name: String {
            switch self {
            case .pages: return "pages"
            case .document: return "document"
            case .annotation: return "annotation"
            case .comment: return "comment"
            case .field: return "field"
            }
        }
    }

    /// The identifier.
    public let key: Key
    /// The named arguments, in the order written (names from ``Key/arguments``).
    public let args: [(name: String, value: JSONValue)]

    /// A reason with its arguments: each name must be one of `key.arguments` (checked when
    /// testing; an unknown name is dropped, so the API says only what the table documents).
    public init(_ key: Key, _ args: [(name: String, value: JSONValue)] = []) {
        self.key = key
        self.args = args.filter { key.arguments.contains($0.name) }
    }

    /// The API's members for it, to add next to `code` and `message`: `reason`, and `args`
    /// when the reason has arguments (an error without them stays an object of strings).
    public var members: [(String, JSONValue)] {
        let reason: (String, JSONValue) = ("reason", .string(key.identifier))
        guard !args.isEmpty else { return [reason] }
        return [reason, ("args", .object(JSONObject(pairs: args.map { ($0.name, $0.value) })))]
    }

    public static func == (lhs: Reason, rhs: Reason) -> Bool {
        lhs.key == rhs.key && lhs.args.count == rhs.args.count
            && zip(lhs.args, rhs.args).allSatisfy { $0.0.name == $0.1.name && $0.0.value == $0.1.value }
    }
}
