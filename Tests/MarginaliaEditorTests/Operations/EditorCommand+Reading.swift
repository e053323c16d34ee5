import MarginaliaCore

// Test support: commands as a client sends them, read by the protocol's one reading (which
// reads and checks their annotations once).

extension EditorCommand {
    /// `add` of annotation JSON objects, read as the server reads it.
    static func add(json annotations: [JSONValue]) throws -> EditorCommand {
        try EditorCommand(json: JSONField(.object([("type", .string("add")), ("annotations", .array(annotations))]), path: "command"))
    }

    /// `change` of an annotation JSON object, read as the server reads it.
    static func change(json annotation: JSONValue) throws -> EditorCommand {
        try EditorCommand(json: JSONField(.object([("type", .string("change")), ("annotation", annotation)]), path: "command"))
    }
}
