import Foundation

/// Writes ``PDFObject`` values as PDF syntax (ISO 32000-2, 7.3).
///
/// Reals are written without exponents and with at most 6 decimals, trailing zeros dropped
/// (what every reader accepts); strings as literal strings when mostly printable, else as
/// hex; names with `#xx` escapes for bytes outside the regular printable set.
struct ObjectSerializer {
    /// Encrypts strings and stream data of an indirect object; nil writes them as they are.
    var encryptString: ((_ bytes: [UInt8], _ reference: PDFReference) -> [UInt8])?
    var encryptStream: ((_ bytes: [UInt8], _ dictionary: PDFDictionary, _ reference: PDFReference) -> [UInt8])?

    /// `N G obj ... endobj` followed by a newline.
    func writeIndirect(_ object: PDFObject, reference: PDFReference, encrypt: Bool = true, to out: inout [UInt8]) {
        NumberWriter.append(reference.number, to: &out)
        out.append(0x20)
        NumberWriter.append(reference.generation, to: &out)
        out.append(contentsOf: Self.objKeyword)
        let target = encrypt ? reference : nil
        switch object {
        case .stream(let stream):
            var data = stream.rawBytes
            if let target, let encryptStream { data = encryptStream(data, stream.dictionary, target) }
            var dictionary = stream.dictionary
            dictionary["Length"] = .integer(data.count)
            write(.dictionary(dictionary), reference: target, to: &out)
            out.append(contentsOf: "\nstream\n".utf8)
            out.append(contentsOf: data)
            out.append(contentsOf: "\nendstream".utf8)
        default:
            write(object, reference: target, to: &out)
        }
        out.append(contentsOf: "\nendobj\n".utf8)
    }

    private static let objKeyword = Array(" obj\n".utf8)

    /// Writes a direct object; `reference` is the enclosing indirect object, for encryption.
    func write(_ object: PDFObject, reference: PDFReference? = nil, to out: inout [UInt8]) {
        switch object {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let i): NumberWriter.append(i, to: &out)
        case .real(let r): NumberWriter.append(r, to: &out)
        case .string(let bytes):
            var data = bytes
            if let reference, let encryptString { data = encryptString(bytes, reference) }
            ObjectSerializer.writeString(data, to: &out)
        case .name(let name): ObjectSerializer.writeName(name, to: &out)
        case .array(let items):
            out.append(0x5B)
            var first = true
            for item in items {
                if !first { out.append(0x20) }
                first = false
                write(item, reference: reference, to: &out)
            }
            out.append(0x5D)
        case .dictionary(let dictionary):
            out.append(contentsOf: [0x3C, 0x3C])
            for (key, value) in dictionary {
                ObjectSerializer.writeName(key, to: &out)
                if needsSeparator(value) { out.append(0x20) }
                write(value, reference: reference, to: &out)
            }
            out.append(contentsOf: [0x3E, 0x3E])
        case .stream(let stream):
            // A stream is only valid as an indirect object; written inline, keep its dictionary.
            write(.dictionary(stream.dictionary), reference: reference, to: &out)
        case .reference(let r):
            NumberWriter.append(r.number, to: &out)
            out.append(0x20)
            NumberWriter.append(r.generation, to: &out)
            out.append(contentsOf: [0x20, 0x52])
        }
    }

    /// Whether a value written after a name needs a space to end the name.
    private func needsSeparator(_ value: PDFObject) -> Bool {
        switch value {
        case .string, .array, .dictionary, .name, .stream: return false
        default: return true
        }
    }

    /// The serialised bytes of a direct object.
    func bytes(of object: PDFObject) -> [UInt8] {
        var out: [UInt8] = []
        write(object, to: &out)
        return out
    }

    // MARK: - Scalars

    /// A real as PDF accepts it: no exponent, at most 6 decimals, no trailing zeros.
    /// NaN and infinities, which PDF has no syntax for, are written as 0.
    static func format(_ value: Double) -> String {
        var out: [UInt8] = []
        NumberWriter.append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func writeString(_ bytes: [UInt8], to out: inout [UInt8]) {
        let printable = bytes.reduce(0) { $0 + (($1 >= 0x20 && $1 < 0x7F) || $1 == 0x0A ? 1 : 0) }
        if bytes.count > 0 && printable * 10 < bytes.count * 9 {
            out.append(0x3C)
            for b in bytes {
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0x0F)])
            }
            out.append(0x3E)
            return
        }
        out.append(0x28)
        for b in bytes {
            switch b {
            case 0x28, 0x29, 0x5C: out.append(0x5C); out.append(b)
            case 0x0D: out.append(contentsOf: [0x5C, 0x72])  // a raw CR would read back as LF
            case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
            case 0x00..<0x20, 0x7F...0xFF:
                out.append(0x5C)
                out.append(0x30 + (b >> 6))
                out.append(0x30 + ((b >> 3) & 7))
                out.append(0x30 + (b & 7))
            default: out.append(b)
            }
        }
        out.append(0x29)
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    static func writeName(_ name: String, to out: inout [UInt8]) {
        out.append(0x2F)
        // Most names need no escape: their bytes are copied at once.
        var name = name
        let copied = name.withUTF8 { bytes in
            guard bytes.allSatisfy(isPlainNameByte) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied { return }
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            appendName(name.utf8, to: &out)
        } else {
            appendName(nameBytes(name), to: &out)
        }
    }

    /// Whether a name holds `b` as it is: a regular character of ASCII's printable range
    /// other than `#` (ISO 32000-2, 7.3.5); every other byte is written `#xx`.
    @inline(__always) private static func isPlainNameByte(_ b: UInt8) -> Bool {
        b > 0x20 && b < 0x7F && b != 0x23 && !CharacterClass.isDelimiter(b)
    }

    private static func appendName<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to out: inout [UInt8]) {
        for b in bytes {
            if isPlainNameByte(b) {
                out.append(b)
            } else {
                out.append(0x23)
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0x0F)])
            }
        }
    }

    /// The bytes of a name: the inverse of ``Lexer/nameString(_:)`` (Latin-1 when that is
    /// how the name was read, UTF-8 otherwise).
    static func nameBytes(_ name: String) -> [UInt8] {
        let utf8 = Array(name.utf8)
        if utf8.allSatisfy({ $0 < 0x80 }) { return utf8 }
        let scalars = name.unicodeScalars
        if scalars.allSatisfy({ $0.value < 0x100 }) {
            // Read as Latin-1 only when the bytes were not valid UTF-8.
            let latin1 = scalars.map { UInt8($0.value) }
            if String(validating: latin1, as: UTF8.self) == nil { return latin1 }
        }
        return utf8
    }
}
