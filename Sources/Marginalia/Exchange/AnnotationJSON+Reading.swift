import Foundation

/// Reading annotation JSON: the text is parsed by the engine core's ``JSONParser`` (the parser
/// the command protocol uses), and records read their fields from the values by hand, with
/// errors that name the JSON path (`annotations[2].paths[0][1]`). Foundation's `JSONDecoder`
/// with `Codable` took a third of `marginalia annotate` on 200 strokes of 300 points.
extension AnnotationJSON {
    /// The records of a whole file: `{"annotations": [...]}`.
    static func records(in document: JSONValue) throws -> [Record] {
        guard case .object(let object) = document else {
            throw AnnotationJSONError(path: "", message: "expected an object with \"annotations\"")
        }
        guard let list = object["annotations"] else {
            throw AnnotationJSONError(path: "annotations", message: "missing")
        }
        guard case .array(let items) = list else {
            throw AnnotationJSONError(path: "annotations", message: "expected a list of annotations")
        }
        guard items.count <= maximumAnnotations else {
            throw AnnotationJSONError(path: "annotations", message: "more than \(maximumAnnotations) annotations")
        }
        return try items.enumerated().map { index, item in try Record(json: item, path: "annotations[\(index)]") }
    }
}

extension AnnotationJSON.Record: Decodable {
    /// Reads a record from any decoder (operations and the server carry annotations inside
    /// their own JSON) through the same field rules as files.
    init(from decoder: any Decoder) throws {
        do {
            try self.init(json: try DecodedJSON(from: decoder).value, path: "annotation")
        } catch let error as AnnotationJSONError {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Reads a record's fields, each checked for its JSON type; `path` names the record in
    /// errors (`annotations[2]`). Unknown keys are ignored and `null` counts as absent.
    init(json: JSONValue, path: String) throws {
        guard case .object(let object) = json else { throw AnnotationJSONError(path: path, message: "expected an object") }
        let fields = Fields(object: object, path: path)
        guard let type = try fields.string("type") else { throw AnnotationJSONError(path: "\(path).type", message: "missing") }
        self.type = type
        pageIndex = try fields.integer("pageIndex")
        id = try fields.string("id")
        rect = try fields.numbers("rect")
        color = try fields.string("color")
        fill = try fields.string("fill")
        opacity = try fields.number("opacity")
        width = try fields.number("width")
        borderStyle = try fields.string("borderStyle")
        dash = try fields.numbers("dash")
        contents = try fields.string("contents")
        author = try fields.string("author")
        subject = try fields.string("subject")
        creationDate = try fields.string("creationDate")
        modificationDate = try fields.string("modificationDate")
        flags = try fields.strings("flags")
        inReplyTo = try fields.string("inReplyTo")
        replyType = try fields.string("replyType")
        state = try fields.string("state")
        stateModel = try fields.string("stateModel")
        paths = try fields.pointLists("paths")
        pressures = try fields.numberLists("pressures")
        brush = try fields.string("brush")
        points = try fields.numberLists("points")
        lineEndings = try fields.strings("lineEndings")
        text = try fields.string("text")
        font = try fields.string("font")
        fontSize = try fields.number("fontSize")
        textColor = try fields.string("textColor")
        alignment = try fields.string("alignment")
        richText = try fields.string("richText")
        icon = try fields.string("icon")
        open = try fields.bool("open")
        name = try fields.string("name")
        image = try fields.string("image")
        crop = try fields.numbers("crop")
        rotation = try fields.integer("rotation")
        quads = try fields.numberLists("quads")
        overlayText = try fields.string("overlayText")
        repeatOverlayText = try fields.bool("repeatOverlayText")
    }
}

/// The fields of one JSON object, read by type. Values inside lists throw errors whose path
/// is relative (`[2][0]`); the field adds its own in front, so no path is built unless a
/// value is wrong (a stroke is thousands of points).
private struct Fields {
    let object: JSONObject
    let path: String

    /// The value of `key` read by `read`, nil when absent or null.
    private func field<Value>(_ key: String, _ read: (JSONValue) throws -> Value) throws -> Value? {
        guard let value = object[key], !value.isNull else { return nil }
        do {
            return try read(value)
        } catch let error as AnnotationJSONError {
            throw AnnotationJSONError(path: "\(path).\(key)" + error.path, message: error.message)
        }
    }

    func string(_ key: String) throws -> String? { try field(key, Fields.string) }
    func number(_ key: String) throws -> Double? { try field(key, Fields.number) }
    func numbers(_ key: String) throws -> [Double]? { try field(key, Fields.numbers) }
    func strings(_ key: String) throws -> [String]? { try field(key) { try Fields.list($0, Fields.string) } }
    func numberLists(_ key: String) throws -> [[Double]]? { try field(key) { try Fields.list($0, Fields.numbers) } }
    func pointLists(_ key: String) throws -> [[[Double]]]? {
        try field(key) { try Fields.list($0) { try Fields.list($0, Fields.numbers) } }
    }

    func integer(_ key: String) throws -> Int? {
        try field(key) { value in
            guard case .number(let d) = value, d.rounded() == d, abs(d) < 9.0e15 else {
                throw AnnotationJSONError(path: "", message: "expected a whole number")
            }
            return Int(d)
        }
    }

    func bool(_ key: String) throws -> Bool? {
        try field(key) { value in
            guard case .bool(let flag) = value else { throw AnnotationJSONError(path: "", message: "expected true or false") }
            return flag
        }
    }

    static func string(_ value: JSONValue) throws -> String {
        guard case .string(let text) = value else { throw AnnotationJSONError(path: "", message: "expected text") }
        return text
    }

    static func number(_ value: JSONValue) throws -> Double {
        guard case .number(let d) = value else { throw AnnotationJSONError(path: "", message: "expected a number") }
        return d
    }

    static func numbers(_ value: JSONValue) throws -> [Double] { try list(value, number) }

    /// The items of an array, each read by `read`; an error inside an item gets the item's
    /// position in front of its path.
    static func list<Item>(_ value: JSONValue, _ read: (JSONValue) throws -> Item) throws -> [Item] {
        guard case .array(let items) = value else { throw AnnotationJSONError(path: "", message: "expected a list") }
        var result: [Item] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do {
                result.append(try read(item))
            } catch let error as AnnotationJSONError {
                throw AnnotationJSONError(path: "[\(index)]" + error.path, message: error.message)
            }
        }
        return result
    }
}

/// Any JSON value read from a `Decoder`, for records inside other JSON.
private struct DecodedJSON: Decodable {
    let value: JSONValue

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { value = .null; return }
            if let flag = try? container.decode(Bool.self) { value = .bool(flag); return }
            if let number = try? container.decode(Double.self) { value = .number(number); return }
            if let text = try? container.decode(String.self) { value = .string(text); return }
        }
        if var list = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(DecodedJSON.self).value) }
            value = .array(items)
            return
        }
        let object = try decoder.container(keyedBy: Key.self)
        value = .object(try object.allKeys.map { ($0.stringValue, try object.decode(DecodedJSON.self, forKey: $0).value) })
    }
}
