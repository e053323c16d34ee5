import Foundation
import Marginalia

/// A value whose JSON is cheaper to write by hand than with `JSONEncoder`, because it is
/// mostly log entries whose operations are already JSON (as the log stores them).
public protocol SplicedJSONEncodable {
    /// The same JSON object `JSONEncoder` would write (members possibly in another order).
    func splicedJSON() throws -> Data
}

extension LoggedOperation {
    /// LOGGED as compact JSON with sorted keys, byte for byte what a `JSONEncoder` with
    /// `.sortedKeys` writes: `{"author":…,"clientId":…,"kind":…,"operation":…,"revision":…}`
    /// (`author` only when known).
    func appendJSON(to output: inout [UInt8]) throws {
        output.append(UInt8(ascii: "{"))
        if let author {
            output.append(contentsOf: #""author":"#.utf8)
            JSONText.appendString(author, to: &output)
            output.append(UInt8(ascii: ","))
        }
        output.append(contentsOf: #""clientId":"#.utf8)
        JSONText.appendString(clientId, to: &output)
        output.append(contentsOf: #","kind":""#.utf8)
        output.append(contentsOf: kind.rawValue.utf8)
        output.append(contentsOf: #"","operation":"#.utf8)
        let operationText = try operationJSON ?? OpenDocuments.encodeOperation(operation)
        output.append(contentsOf: operationText.utf8)
        output.append(contentsOf: #","revision":"#.utf8)
        output.append(contentsOf: String(revision).utf8)
        output.append(UInt8(ascii: "}"))
    }

    /// LOGGED as compact JSON with sorted keys (an event's data).
    func jsonData() throws -> Data {
        var output: [UInt8] = []
        try appendJSON(to: &output)
        return Data(output)
    }
}

extension ApplyResult: SplicedJSONEncodable {
    public func splicedJSON() throws -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(256 + 2_048 * (applied.count + missed.count))
        output.append(contentsOf: #"{"revision":"#.utf8)
        output.append(contentsOf: String(revision).utf8)
        output.append(contentsOf: #","applied":"#.utf8)
        try JSONText.appendEntries(applied, to: &output)
        output.append(contentsOf: #","missed":"#.utf8)
        try JSONText.appendEntries(missed, to: &output)
        output.append(UInt8(ascii: "}"))
        return Data(output)
    }
}

extension OperationLog: SplicedJSONEncodable {
    public func splicedJSON() throws -> Data {
        var output: [UInt8] = []
        output.append(contentsOf: #"{"revision":"#.utf8)
        output.append(contentsOf: String(revision).utf8)
        output.append(contentsOf: #","operations":"#.utf8)
        try JSONText.appendEntries(operations, to: &output)
        output.append(UInt8(ascii: "}"))
        return Data(output)
    }
}

/// Log entries as JSON text (the strings and numbers are the engine's ``JSONText``).
extension JSONText {
    static func appendEntries(_ entries: [LoggedOperation], to output: inout [UInt8]) throws {
        output.append(UInt8(ascii: "["))
        for (index, entry) in entries.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            try entry.appendJSON(to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }
}
