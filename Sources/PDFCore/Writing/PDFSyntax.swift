/// PDF syntax for code that writes content streams and other text by hand (appearance
/// streams, page content): the same number, name and string forms the writers use.
public enum PDFSyntax {
    /// A number as PDF writes it: no exponent, at most 6 decimals, no trailing zeros;
    /// NaN and infinities as 0.
    public static func number(_ value: Double) -> String {
        ObjectSerializer.format(value)
    }

    /// `/Name`, with `#xx` escapes where needed.
    public static func name(_ name: String) -> String {
        var out: [UInt8] = []
        ObjectSerializer.writeName(name, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The serialised bytes of a direct object (a literal or hex string, an array...).
    public static func bytes(of object: PDFObject) -> [UInt8] {
        ObjectSerializer().bytes(of: object)
    }
}
