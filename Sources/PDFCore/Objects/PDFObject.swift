/// A reference to an indirect object: `12 0 R`.
public struct PDFReference: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The object number (positive).
    public var number: Int
    /// The generation number (0 for every object not reused after deletion).
    public var generation: Int

    public init(_ number: Int, _ generation: Int = 0) {
        self.number = number
        self.generation = generation
    }

    public static func < (lhs: PDFReference, rhs: PDFReference) -> Bool {
        (lhs.number, lhs.generation) < (rhs.number, rhs.generation)
    }

    public var description: String { "\(number) \(generation) R" }
}

/// A PDF object as a Swift value (ISO 32000-2, 7.3).
///
/// Strings are raw bytes: a text string's encoding (PDFDocEncoding or UTF-16BE with BOM)
/// is interpreted by ``PDFTextString``. Streams carry their dictionary and their bytes as
/// stored in the file (decrypted, still filtered); see ``PDFStream/decodedBytes(limits:)``.
public enum PDFObject: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case string([UInt8])
    case name(String)
    case array([PDFObject])
    case dictionary(PDFDictionary)
    case stream(PDFStream)
    case reference(PDFReference)
}

// MARK: - Typed access

extension PDFObject {
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }

    /// The integer value; a real with an integral value also answers (some writers emit `612.0`).
    public var integerValue: Int? {
        switch self {
        case .integer(let i): return i
        case .real(let r) where r.rounded() == r && abs(r) < 9.0e15: return Int(r)
        default: return nil
        }
    }

    /// The numeric value of an integer or real.
    public var numberValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .real(let r): return r
        default: return nil
        }
    }

    public var stringBytes: [UInt8]? { if case .string(let s) = self { return s } else { return nil } }

    public var nameValue: String? { if case .name(let n) = self { return n } else { return nil } }

    /// The bytes a name was written with (7.3.5): names are byte sequences, held as UTF-8 text
    /// when they are valid UTF-8 and as Latin-1 otherwise; this undoes that reading.
    public var nameBytes: [UInt8]? { nameValue.map(ObjectSerializer.nameBytes) }

    public var arrayValue: [PDFObject]? { if case .array(let a) = self { return a } else { return nil } }

    /// The dictionary of a dictionary object or of a stream.
    public var dictionaryValue: PDFDictionary? {
        switch self {
        case .dictionary(let d): return d
        case .stream(let s): return s.dictionary
        default: return nil
        }
    }

    public var streamValue: PDFStream? { if case .stream(let s) = self { return s } else { return nil } }

    public var referenceValue: PDFReference? { if case .reference(let r) = self { return r } else { return nil } }

    /// A short name of the object's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer: return "integer"
        case .real: return "real"
        case .string: return "string"
        case .name: return "name"
        case .array: return "array"
        case .dictionary: return "dictionary"
        case .stream: return "stream"
        case .reference: return "reference"
        }
    }
}

extension PDFObject: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral
{
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: PDFObject...) { self = .array(elements) }
}

extension PDFObject {
    /// A text string object holding `text`, encoded as PDFDocEncoding when possible,
    /// otherwise UTF-16BE with a byte order mark (7.9.2.2).
    public static func text(_ text: String) -> PDFObject { .string(PDFTextString.encode(text)) }
}
