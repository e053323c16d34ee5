import Foundation
import Marginalia
import MarginaliaCore

// The operation log's text of one operation, as the server stores and sends it.

extension EditorOperation {
    /// The operation as compact JSON with sorted keys: the bytes `JSONEncoder` with
    /// `.sortedKeys` writes of it (``encode(to:)``). An addition, removal or change of one
    /// annotation (every stroke is an addition) is written by hand
    /// (``AnnotationJSON/appendSortedJSON(of:to:)``): the encoder cost the server a fifth of
    /// its instructions per stroke (docs/benchmarks.md). Every other operation is encoded.
    ///
    /// - Throws: `EncodingError` for an operation the encoder refuses (a coordinate that is
    ///   NaN or infinite).
    public func sortedJSON() throws -> String {
        if let text = try? handWritten() { return text }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The JSON of the operations written by hand, nil for the others; throws for a number
    /// JSON cannot write, which the encoder then refuses with its own error.
    private func handWritten() throws(JSONText.NonFiniteNumber) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(2_048)
        switch self {
        case .addAnnotation(let annotation, let object), .removeAnnotation(let annotation, let object):
            output.append(contentsOf: #"{"annotation":"#.utf8)
            try AnnotationJSON.appendSortedJSON(of: annotation, to: &output)
            if let object { output.append(contentsOf: #","annotationObject":\#(object)"#.utf8) }
            appendName(to: &output)
        case .changeAnnotation(let before, let after):
            output.append(contentsOf: #"{"after":"#.utf8)
            try AnnotationJSON.appendSortedJSON(of: after, to: &output)
            output.append(contentsOf: #","before":"#.utf8)
            try AnnotationJSON.appendSortedJSON(of: before, to: &output)
            appendName(to: &output)
        default:
            return nil
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Reads an operation from the log's text (version 2; version 1 too, through the decoder).
    /// An addition, removal or change of one annotation, what a shared store's replica reads
    /// for every stroke another logged, is parsed by the engine core's ``JSONParser`` and read
    /// by hand (``AnnotationJSON/annotation(from:path:)``); `JSONDecoder` with the synthesized
    /// containers cost a replica catching up most of a stroke's decoding (docs/benchmarks.md,
    /// "round robin"). Every other operation, and any text that reading refuses, is decoded.
    ///
    /// - Throws: `DecodingError` when the text is not an operation.
    public static func reading(logText text: String) throws -> EditorOperation {
        if let operation = try? readAnnotationOperation(text) { return operation }
        return try JSONDecoder().decode(EditorOperation.self, from: Data(text.utf8))
    }

    /// The operation when `text` is one of the three annotation operations; nil for another.
    private static func readAnnotationOperation(_ text: String) throws -> EditorOperation? {
        guard case .object(let object) = try JSONParser.parse(text, correctlyRounded: true), let name = object["op"]?.stringValue else { return nil }
        func annotation(_ key: String) throws -> PDFAnnotation? {
            guard let value = object[key] else { return nil }
            return try AnnotationJSON.annotation(from: value, path: key)
        }
        // An object left by a removal (`annotationObject`, rare) is read by the decoder.
        guard object["annotationObject"] == nil else { return nil }
        switch LoggedOperationName(rawValue: name) {
        case .addAnnotation?: return try annotation("annotation").map { EditorOperation.addAnnotation($0) }
        case .removeAnnotation?: return try annotation("annotation").map { EditorOperation.removeAnnotation($0) }
        case .changeAnnotation?:
            guard let before = try annotation("before"), let after = try annotation("after") else { return nil }
            return .changeAnnotation(before: before, after: after)
        default: return nil
        }
    }

    /// Ends the object with its last key, `op`: the operation's name (``logName``).
    private func appendName(to output: inout [UInt8]) {
        output.append(contentsOf: #","op":""#.utf8)
        output.append(contentsOf: logName.rawValue.utf8)
        output.append(contentsOf: #""}"#.utf8)
    }
}
