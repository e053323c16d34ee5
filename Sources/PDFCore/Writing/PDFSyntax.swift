/// PDF syntax for code that writes content streams and other text by hand (appearance
/// streams, page content): the same number, name and string forms the writers use.
public enum PDFSyntax {
    /// A number as PDF writes it: no exponent, at most 6 decimals, no trailing zeros;
    /// NaN and infinities as 0.
    public static func number(_ value: Double) -> String {
        ObjectSerializer.format(value)
    }

    /// Appends a number with at most `decimals` decimals (0 to 6), trailing zeros dropped,
    /// exact integers as integers; NaN and infinities as 0.
    public static func appendNumber(_ value: Double, decimals: Int = 6, to out: inout [UInt8]) {
        NumberWriter.append(value, decimals: decimals, to: &out)
    }

    /// Appends a length or coordinate in points with the fewest digits that keep it within
    /// 0.0005 pt (at most three decimals): what writers use for positions, sizes and widths
    /// in default user space or any space that does not magnify it.
    public static func appendCoordinate(_ value: Double, to out: inout [UInt8]) {
        NumberWriter.append(value, decimals: NumberWriter.coordinateDecimals, to: &out)
    }

    /// Appends one content-stream operation: each of `operands` (at most eight) with at most
    /// `decimals` decimals and a space after it, then `operator` (one or two letters) and a
    /// newline, assembled on the stack and appended at once.
    public static func appendOperation(_ operands: UnsafeBufferPointer<Double>, decimals: Int, operator name: StaticString,
                                       to out: inout [UInt8]) {
        precondition(name.utf8CodeUnitCount == 1 || name.utf8CodeUnitCount == 2, "operators here have one or two letters")
        let letters = name.utf8Start
        NumberWriter.appendOperation(operands, decimals: decimals,
                                     operator: (letters[0], name.utf8CodeUnitCount == 2 ? letters[1] : nil), to: &out)
    }

    /// `/Name`, with `#xx` escapes where needed.
    public static func name(_ name: String) -> String {
        var out: [UInt8] = []
        ObjectSerializer.writeName(name, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `/Name`, with `#xx` escapes where needed.
    public static func appendName(_ name: String, to out: inout [UInt8]) {
        ObjectSerializer.writeName(name, to: &out)
    }

    /// The serialised bytes of a direct object (a literal or hex string, an array...).
    public static func bytes(of object: PDFObject) -> [UInt8] {
        ObjectSerializer().bytes(of: object)
    }

    /// Appends the serialised bytes of a direct object.
    public static func append(_ object: PDFObject, to out: inout [UInt8]) {
        ObjectSerializer().write(object, to: &out)
    }
}
