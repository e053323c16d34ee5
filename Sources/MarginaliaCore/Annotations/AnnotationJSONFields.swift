/// The fields of one annotation JSON object (docs/annotations-json.md), each read by its JSON
/// type and nothing more: the first step of the one reading of annotations, checked or
/// lenient (``AnnotationJSONReading``), which ``Annotation/init(checking:path:reading:)``
/// finishes by checking every value for its kind, and the
/// last step of the one writing (``init(_:foreignAppearance:)``, ``write(to:)``). The keys
/// are ``AnnotationJSONKey``'s. Every
/// field is optional but `type`; unknown keys are ignored and `null` counts as absent.
/// Values inside lists are read with their position in the path
/// (`annotations[2].paths[0][1]: expected a number`), built only for an error: a stroke is
/// thousands of points.
public struct AnnotationJSONFields: Equatable, Sendable {
    var type: String
    var pageIndex: Int?
    var id: String?
    var rect: [Double]?
    var color: String?
    var fill: String?
    var opacity: Double?
    var width: Double?
    var borderStyle: String?
    var dash: [Double]?
    var contents: String?
    var author: String?
    var subject: String?
    var creationDate: String?
    var modificationDate: String?
    var flags: [String]?
    /// Written only (the reading leaves it nil): true when another application drew the
    /// appearance, so that clients draw the annotation from the file.
    var foreignAppearance: Bool?
    // threads and review states
    var inReplyTo: String?
    var replyType: String?
    var state: String?
    var stateModel: String?
    // ink
    var paths: [[[Double]]]?
    var pressures: [[Double]]?
    var brush: String?
    // line, polygon, polyline
    var points: [[Double]]?
    var lineEndings: [String]?
    // free text
    var text: String?
    var font: String?
    var fontSize: Double?
    var textColor: String?
    var alignment: String?
    var richText: String?
    // note
    var icon: String?
    var open: Bool?
    // stamp
    var name: String?
    var image: String?
    var crop: [Double]?
    var rotation: Int?
    // text markup and redact: eight numbers per quad
    var quads: [[Double]]?
    // redact
    var overlayText: String?
    var repeatOverlayText: Bool?

    /// Reads the fields of `json`, an annotation JSON object; `path` names it in errors
    /// (`annotations[2]`). The lenient reading leaves unread (nil) the fields it does not
    /// read for the object's `type` (``AnnotationJSONReading/reads(_:of:)``).
    ///
    /// - Throws: ``AnnotationJSONError`` naming the first field of the wrong JSON type.
    public init(json: JSONValue, path: String, reading: AnnotationJSONReading = .checked) throws(AnnotationJSONError) {
        guard case .object(let object) = json else { throw AnnotationJSONError(path: path, message: "expected an object") }
        var fields = FieldReader(object: object, path: path, reading: reading, subtype: nil)
        guard let type = try fields.string(.type) else { throw AnnotationJSONError(path: "\(path).type", message: "missing") }
        self.type = type
        fields.subtype = AnnotationSubtype(jsonType: type).flatMap { $0.entry.isModelled ? $0 : nil }
        pageIndex = try fields.integer(.pageIndex)
        id = try fields.string(.id)
        rect = try fields.numbers(.rect)
        color = try fields.string(.color)
        fill = try fields.string(.fill)
        opacity = try fields.number(.opacity)
        width = try fields.number(.width)
        borderStyle = try fields.string(.borderStyle)
        dash = try fields.numbers(.dash)
        contents = try fields.string(.contents)
        author = try fields.string(.author)
        subject = try fields.string(.subject)
        creationDate = try fields.string(.creationDate)
        modificationDate = try fields.string(.modificationDate)
        flags = try fields.strings(.flags)
        inReplyTo = try fields.string(.inReplyTo)
        replyType = try fields.string(.replyType)
        state = try fields.string(.state)
        stateModel = try fields.string(.stateModel)
        paths = try fields.pointLists(.paths)
        pressures = try fields.numberLists(.pressures)
        brush = try fields.string(.brush)
        points = try fields.numberLists(.points)
        lineEndings = try fields.strings(.lineEndings)
        text = try fields.string(.text)
        font = try fields.string(.font)
        fontSize = try fields.number(.fontSize)
        textColor = try fields.string(.textColor)
        alignment = try fields.string(.alignment)
        richText = try fields.string(.richText)
        icon = try fields.string(.icon)
        open = try fields.bool(.open)
        name = try fields.string(.name)
        image = try fields.string(.image)
        crop = try fields.numbers(.crop)
        rotation = try fields.integer(.rotation)
        quads = try fields.numberLists(.quads)
        overlayText = try fields.string(.overlayText)
        repeatOverlayText = try fields.bool(.repeatOverlayText)
    }
}

/// The members of one JSON object, read by type. A value inside a list throws an error whose
/// path is relative (`[2][0]`); the member puts its own in front.
private struct FieldReader {
    let object: JSONObject
    let path: String
    let reading: AnnotationJSONReading
    /// The object's modelled subtype, once its `type` is read.
    var subtype: AnnotationSubtype?

    /// The value of `key` read by `read`, nil when absent, null, or not read in this reading.
    private func field<Value>(_ key: AnnotationJSONKey, _ read: (JSONValue) throws(AnnotationJSONError) -> Value) throws(AnnotationJSONError) -> Value? {
        guard reading.reads(key, of: subtype), let value = object[key.rawValue], !value.isNull else { return nil }
        do {
            return try read(value)
        } catch {
            throw AnnotationJSONError(path: "\(path).\(key.rawValue)" + error.path, message: error.message)
        }
    }

    func string(_ key: AnnotationJSONKey) throws(AnnotationJSONError) -> String? { try field(key, Self.string) }
    func number(_ key: AnnotationJSONKey) throws(AnnotationJSONError) -> Double? { try field(key, Self.number) }
    func numbers(_ key: AnnotationJSONKey) throws(AnnotationJSONError) -> [Double]? { try field(key, Self.numbers) }

    func strings(_ key: AnnotationJSONKey) throws(AnnotationJSONError) -> [String]? {
        try field(key) { (value) throws(AnnotationJSONError) in try Self.list(value, Self.string) }
    }

    func numberLists(_ key: AnnotationJSONKey) throws(AnnotationJSONError) -> [[Double]]? {
        try field(key) { (value) throws(AnnotationJSONError) in try Self.list(value, Self.numbers) }
    }

    func pointLists(_ key: AnnotationJSONKey) throws(AnnotationJSONError) -> [[[Double]]]? {
        try field(key) { (value) throws(AnnotationJSONError) in
            try Self.list(value) { (item) throws(AnnotationJSONError) in try Self.list(item, Self.numbers) }
        }
    }

    func integer(_ key: AnnotationJSONKey) throws(AnnotationJSONError) -> Int? {
        try field(key) { (value) throws(AnnotationJSONError) in
            // Int(exactly:) as well: the WebAssembly build's Int has 32 bits.
            guard case .number(let d) = value, d.rounded() == d, abs(d) < 9.0e15, let whole = Int(exactly: d) else {
                throw AnnotationJSONError(path: "", message: "expected a whole number")
            }
            return whole
        }
    }

    func bool(_ key: AnnotationJSONKey) throws(AnnotationJSONError) -> Bool? {
        try field(key) { (value) throws(AnnotationJSONError) in
            guard case .bool(let flag) = value else { throw AnnotationJSONError(path: "", message: "expected true or false") }
            return flag
        }
    }

    static func string(_ value: JSONValue) throws(AnnotationJSONError) -> String {
        guard case .string(let text) = value else { throw AnnotationJSONError(path: "", message: "expected text") }
        return text
    }

    static func number(_ value: JSONValue) throws(AnnotationJSONError) -> Double {
        guard case .number(let d) = value else { throw AnnotationJSONError(path: "", message: "expected a number") }
        return d
    }

    static func numbers(_ value: JSONValue) throws(AnnotationJSONError) -> [Double] { try list(value, number) }

    /// The items of an array, each read by `read`; an error inside an item gets the item's
    /// position in front of its path.
    static func list<Item>(_ value: JSONValue, _ read: (JSONValue) throws(AnnotationJSONError) -> Item) throws(AnnotationJSONError) -> [Item] {
        guard case .array(let items) = value else { throw AnnotationJSONError(path: "", message: "expected a list") }
        var result: [Item] = []
        result.reserveCapacity(items.count)
        var index = 0
        for item in items {
            do {
                result.append(try read(item))
            } catch {
                throw AnnotationJSONError(path: "[\(index)]" + error.path, message: error.message)
            }
            index += 1
        }
        return result
    }
}
