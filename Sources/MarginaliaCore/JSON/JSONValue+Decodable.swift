// Natively, any JSON a `Decoder` holds as a JSONValue, so that a type whose JSON is read by
// hand (from a JSONValue) can be Decodable by calling that reading instead of decoding a
// second time (FormValue, ToolPreferences). The Embedded build has no Codable.
#if !hasFeature(Embedded)
extension JSONValue: Decodable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The value the decoder holds. An object's members come in the decoder's order
    /// (Foundation's `JSONDecoder` does not promise the file's), so read them by key.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [JSONObject.Member] = []
            for key in object.allKeys {
                members.append(JSONObject.Member(key: key.stringValue, value: try object.decode(JSONValue.self, forKey: key)))
            }
            self = .object(JSONObject(members))
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let flag = try? value.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else if let text = try? value.decode(String.self) {
                self = .string(text)
            } else {
                // No JSON scalar is left but a number too large for a Double (1e999), which
                // JSONDecoder reads but cannot give. NaN, which every reader's range check
                // refuses, costs that value only, not the whole document.
                self = .number(.nan)
            }
        }
    }
}
#endif
