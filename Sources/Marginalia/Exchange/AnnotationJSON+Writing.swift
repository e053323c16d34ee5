import Foundation

// The annotation JSON written by hand: what `JSONEncoder` with `.sortedKeys` writes of an
// annotation, byte for byte, at a fraction of its cost. The server logs each stroke's
// annotation so, and the encoder took a fifth of the server's instructions per stroke
// (docs/benchmarks.md). AnnotationJSONWritingTests compares the two on every kind.

extension AnnotationJSON {
    /// Appends `annotation` as one compact object of the annotation JSON with its keys sorted,
    /// exactly the bytes `JSONEncoder` (`outputFormatting = [.sortedKeys]`) writes for it.
    ///
    /// - Throws: ``JSONText/NonFiniteNumber`` for a NaN or infinite coordinate (which the
    ///   encoder refuses as well); `output` is then as it was.
    public static func appendSortedJSON(of annotation: PDFAnnotation, to output: inout [UInt8]) throws(JSONText.NonFiniteNumber) {
        try Record(annotation).appendSortedJSON(to: &output)
    }
}

extension AnnotationJSON.Record {
    /// The record's members in byte order of their keys, as the encoder sorts them; absent
    /// ones left out, as its `encodeIfPresent` leaves them.
    func appendSortedJSON(to output: inout [UInt8]) throws(JSONText.NonFiniteNumber) {
        var writer = MemberWriter()
        writer.string("alignment", alignment)
        writer.string("author", author)
        writer.string("borderStyle", borderStyle)
        writer.string("brush", brush)
        writer.string("color", color)
        writer.string("contents", contents)
        writer.string("creationDate", creationDate)
        try writer.numbers("crop", crop)
        try writer.numbers("dash", dash)
        writer.string("fill", fill)
        writer.strings("flags", flags)
        writer.string("font", font)
        try writer.number("fontSize", fontSize)
        writer.bool("foreignAppearance", foreignAppearance)
        writer.string("icon", icon)
        writer.string("id", id)
        writer.string("image", image)
        writer.string("inReplyTo", inReplyTo)
        writer.strings("lineEndings", lineEndings)
        writer.string("modificationDate", modificationDate)
        writer.string("name", name)
        try writer.number("opacity", opacity)
        writer.bool("open", open)
        writer.string("overlayText", overlayText)
        writer.integer("pageIndex", pageIndex)
        if let paths {
            writer.key("paths")
            try JSONText.appendArray(paths, to: &writer.output) { (path, output) throws(JSONText.NonFiniteNumber) in
                try JSONText.appendArray(path, to: &output) { (point, output) throws(JSONText.NonFiniteNumber) in
                    try JSONText.appendNumbers(point, to: &output)
                }
            }
        }
        try writer.numberLists("points", points)
        try writer.numberLists("pressures", pressures)
        try writer.numberLists("quads", quads)
        try writer.numbers("rect", rect)
        writer.bool("repeatOverlayText", repeatOverlayText)
        writer.string("replyType", replyType)
        writer.string("richText", richText)
        writer.integer("rotation", rotation)
        writer.string("state", state)
        writer.string("stateModel", stateModel)
        writer.string("subject", subject)
        writer.string("text", text)
        writer.string("textColor", textColor)
        writer.string("type", type)
        try writer.number("width", width)
        output.append(contentsOf: writer.finish())
    }
}

/// Writes the members of one JSON object, each after a comma but the first.
private struct MemberWriter {
    var output: [UInt8] = [UInt8(ascii: "{")]
    private var first = true

    mutating func key(_ name: StaticString) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        output.append(contentsOf: #"":"#.utf8)
    }

    mutating func string(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        JSONText.appendString(value, to: &output)
    }

    mutating func strings(_ name: StaticString, _ values: [String]?) {
        guard let values else { return }
        key(name)
        output.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            JSONText.appendString(value, to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    mutating func integer(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        key(name)
        output.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        output.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func number(_ name: StaticString, _ value: Double?) throws(JSONText.NonFiniteNumber) {
        guard let value else { return }
        key(name)
        try JSONText.appendNumber(value, to: &output)
    }

    mutating func numbers(_ name: StaticString, _ values: [Double]?) throws(JSONText.NonFiniteNumber) {
        guard let values else { return }
        key(name)
        try JSONText.appendNumbers(values, to: &output)
    }

    mutating func numberLists(_ name: StaticString, _ lists: [[Double]]?) throws(JSONText.NonFiniteNumber) {
        guard let lists else { return }
        key(name)
        try JSONText.appendArray(lists, to: &output) { (list, output) throws(JSONText.NonFiniteNumber) in
            try JSONText.appendNumbers(list, to: &output)
        }
    }

    mutating func finish() -> [UInt8] {
        output.append(UInt8(ascii: "}"))
        return output
    }
}
