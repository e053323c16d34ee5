/// Writes a ``PDFFile`` anew ("compact"): only objects reachable from the trailer,
/// renumbered from 1 in the order they are reached, streams without filters compressed,
/// optionally small objects packed into object streams with a cross-reference stream.
struct FullWriter {
    let file: PDFFile
    var useObjectStreams = false
    /// Writes every string and stream in the clear and leaves out `/Encrypt` (the file was
    /// opened with its password, so what is read is already decrypted).
    var removesEncryption = false
    /// Objects packed per object stream.
    var objectsPerStream = 100
    /// Keeps every object's number and generation instead of renumbering from 1 (numbers no
    /// object uses are free in the table), so that changes made against the original numbers
    /// can be appended to the rewrite (``PDFHistoryRewriter``). Written with a table.
    var keepsNumbers = false

    func write() throws -> [UInt8] {
        if keepsNumbers { return try writeKeepingNumbers() }
        let (order, renumber) = try reachableObjects()
        let trailerSource = carriedTrailer()
        let encryptNumber = trailerSource["Encrypt"]?.referenceValue.flatMap { renumber[$0.number] }
        var out = try header(atLeast: useObjectStreams ? "1.5" : "1.0")
        let serializer = self.serializer
        var xref = CrossReferenceWriter()
        xref.entries[0] = .free(nextGeneration: 65535)
        var packer = ObjectStreamBuilder()
        packer.objectsPerStream = objectsPerStream
        var nextNumber = order.count + 1

        func flushObjectStream() throws {
            guard !packer.isEmpty else { return }
            try packer.flush(streamNumber: nextNumber, serializer: serializer, xref: &xref, to: &out)
            nextNumber += 1
        }

        for (index, oldNumber) in order.enumerated() {
            let number = index + 1
            var object = try file.object(for: PDFReference(oldNumber, file.generation(of: oldNumber)))
            object = FullWriter.renumbered(object, renumber)
            if case .stream(var stream) = object {
                if removesEncryption { stream = FullWriter.withoutCryptFilter(stream) }
                object = .stream(try FullWriter.compressed(stream))
            }
            let isStream: Bool = { if case .stream = object { return true } else { return false } }()
            if useObjectStreams && !isStream && number != encryptNumber {
                packer.add(object, number: number)
                if packer.isFull { try flushObjectStream() }
                continue
            }
            xref.entries[number] = .inFile(offset: out.count, generation: 0)
            serializer.writeIndirect(object, reference: PDFReference(number, 0), encrypt: number != encryptNumber, to: &out)
        }
        try flushObjectStream()

        var trailer = PDFDictionary()
        for (key, value) in trailerSource { trailer[key] = FullWriter.renumbered(value, renumber) }
        if useObjectStreams {
            trailer["Size"] = .integer(nextNumber + 1)
            try xref.writeStream(number: nextNumber, trailer: trailer, to: &out)
        } else {
            trailer["Size"] = .integer(nextNumber)
            xref.writeTable(trailer: trailer, to: &out)
        }
        return out
    }

    /// The reachable objects under their own numbers and generations, with a table.
    private func writeKeepingNumbers() throws -> [UInt8] {
        let numbers = try reachableObjects().0
        let generations = Dictionary(uniqueKeysWithValues: numbers.map { ($0, file.generation(of: $0)) })
        let identity = Dictionary(uniqueKeysWithValues: numbers.map { ($0, $0) })
        let trailerSource = carriedTrailer()
        let encryptNumber = trailerSource["Encrypt"]?.referenceValue?.number
        var out = try header()
        let serializer = self.serializer
        var xref = CrossReferenceWriter()
        xref.entries[0] = .free(nextGeneration: 65535)
        for number in numbers.sorted() {
            let reference = PDFReference(number, generations[number] ?? 0)
            var object = FullWriter.renumbered(try file.object(for: reference), identity, generations: generations)
            if case .stream(var stream) = object {
                if removesEncryption { stream = FullWriter.withoutCryptFilter(stream) }
                object = .stream(stream)
            }
            xref.entries[number] = .inFile(offset: out.count, generation: reference.generation)
            serializer.writeIndirect(object, reference: reference, encrypt: number != encryptNumber, to: &out)
        }
        var trailer = PDFDictionary()
        for (key, value) in trailerSource { trailer[key] = FullWriter.renumbered(value, identity, generations: generations) }
        trailer["Size"] = .integer((numbers.max() ?? 0) + 1)
        xref.writeTable(trailer: trailer, to: &out)
        return out
    }

    /// How objects are written: in the clear when the rewrite removes the encryption.
    private var serializer: ObjectSerializer {
        removesEncryption ? ObjectSerializer() : ObjectSerializer.forFile(file)
    }

    /// The trailer entries a rewrite carries over, without `/Encrypt` when it removes it.
    private func carriedTrailer() -> PDFDictionary {
        var trailer = TrailerBuilder.trailer(for: file)
        if removesEncryption { trailer["Encrypt"] = nil }
        return trailer
    }

    /// `%PDF-` with the file's version (the catalog's `/Version` when newer, and at least
    /// `minimum`), then a comment of four bytes of 128 or more, so that transfer tools treat
    /// the file as binary.
    private func header(atLeast minimum: String = "1.0") throws -> [UInt8] {
        var version = max(file.headerVersion, minimum)
        if let catalogVersion = try file.catalog()["Version"]?.nameValue, catalogVersion > version { version = catalogVersion }
        return Array("%PDF-\(version)\n".utf8) + [0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
    }

    /// Object numbers reachable from the trailer, breadth first, and their new numbers.
    func reachableObjects() throws -> ([Int], [Int: Int]) {
        var order: [Int] = []
        var renumber: [Int: Int] = [:]
        var queue: [Int] = []
        func visit(_ object: PDFObject) {
            switch object {
            case .reference(let r):
                guard renumber[r.number] == nil, r.number > 0 else { return }
                renumber[r.number] = order.count + 1
                order.append(r.number)
                queue.append(r.number)
            case .array(let items): items.forEach(visit)
            case .dictionary(let d): for (_, v) in d { visit(v) }
            case .stream(let s): for (_, v) in s.dictionary { visit(v) }
            default: break
            }
        }
        let trailer = file.trailer
        let keys = removesEncryption ? ["Root", "Info"] : ["Root", "Info", "Encrypt"]
        for key in keys { if let value = trailer[key] { visit(value) } }
        var head = 0
        while head < queue.count {
            let number = queue[head]
            head += 1
            visit(file.objectForWriting(PDFReference(number, file.generation(of: number))))
        }
        // References to objects that do not exist, or cannot be read, become null (7.3.10),
        // not dangling numbers.
        var existing = [Int]()
        var final: [Int: Int] = [:]
        for number in order {
            let object = file.objectForWriting(PDFReference(number, file.generation(of: number)))
            if object.isNull { continue }
            existing.append(number)
            final[number] = existing.count
        }
        return (existing, final)
    }

    /// `object` with each reference's number mapped by `map` (under the generation
    /// `generations` gives the new number, else 0); a reference to a number `map` lacks
    /// becomes null.
    static func renumbered(_ object: PDFObject, _ map: [Int: Int], generations: [Int: Int] = [:]) -> PDFObject {
        switch object {
        case .reference(let r):
            guard let n = map[r.number] else { return .null }
            return .reference(PDFReference(n, generations[n] ?? 0))
        case .array(let items): return .array(items.map { renumbered($0, map, generations: generations) })
        case .dictionary(let d):
            var result = PDFDictionary()
            for (k, v) in d { result[k] = renumbered(v, map, generations: generations) }
            return .dictionary(result)
        case .stream(let s):
            guard case .dictionary(let d) = renumbered(.dictionary(s.dictionary), map, generations: generations) else { return object }
            return .stream(PDFStream(dictionary: d, rawBytes: s.rawBytes))
        default: return object
        }
    }

    /// The stream without a `/Crypt` entry in its filter chain (7.4.10): once its data is in the
    /// clear, a crypt filter would name a security handler the file no longer has.
    static func withoutCryptFilter(_ stream: PDFStream) -> PDFStream {
        let filters = stream.filterNames
        guard let index = filters.firstIndex(of: "Crypt") else { return stream }
        var dictionary = stream.dictionary
        var names = filters
        names.remove(at: index)
        var parameters = stream.decodeParameters
        if index < parameters.count { parameters.remove(at: index) }
        switch names.count {
        case 0:
            dictionary["Filter"] = nil
            dictionary["DecodeParms"] = nil
        default:
            dictionary["Filter"] = names.count == 1 ? .name(names[0]) : .array(names.map { .name($0) })
            let kept = parameters.prefix(names.count).map { $0.map { PDFObject.dictionary($0) } ?? .null }
            dictionary["DecodeParms"] = kept.allSatisfy(\.isNull) ? nil
                : (names.count == 1 ? kept[0] : .array(Array(kept)))
        }
        return PDFStream(dictionary: dictionary, rawBytes: stream.rawBytes)
    }

    /// Compresses a stream that has no filter as ``PDFStream/compressing(_:dictionary:effort:)``
    /// does (short ones stay as they are); leaves filtered streams as they are, and XMP
    /// metadata, which stays readable by tools that do not parse PDF (14.3.2; PDF/A requires it).
    static func compressed(_ stream: PDFStream) throws -> PDFStream {
        guard stream.dictionary["Filter"] == nil, stream.dictionary.type != "Metadata" else { return stream }
        return try PDFStream.compressing(stream.rawBytes, dictionary: stream.dictionary)
    }
}

extension PDFFile {
    /// The bytes of the file with its changes: an incremental update (the original bytes
    /// as a prefix) or a full rewrite.
    public func dataRepresentation(options: PDFWriteOptions = PDFWriteOptions()) throws -> [UInt8] {
        switch options.mode {
        case .incremental:
            if options.removesEncryption && isEncrypted {
                throw PDFError.invalidArgument("an incremental update keeps the file's encryption: removing it needs a compact rewrite")
            }
            return try IncrementalWriter(file: self).write()
        case .compact:
            return try FullWriter(file: self, useObjectStreams: options.useObjectStreams,
                                  removesEncryption: options.removesEncryption).write()
        }
    }

    /// The bytes an incremental update appends to the original ones: the result of
    /// `dataRepresentation()` without its prefix, the original bytes (empty when nothing
    /// changed). A store that keeps the original file appends these to it instead of copying
    /// the whole file.
    public func incrementalUpdate() throws -> [UInt8] {
        try IncrementalWriter(file: self).writeUpdate()
    }

    /// Writes the file with its changes to `path` atomically (which may be the file itself).
    public func write(to path: String, options: PDFWriteOptions = PDFWriteOptions()) throws {
        try AtomicFileWriter.write(try dataRepresentation(options: options), to: path)
    }
}

/// How to write a document.
public struct PDFWriteOptions: Sendable, Hashable {
    public enum Mode: Sendable, Hashable {
        /// Append the changes to the original bytes (the default: fast, keeps signatures valid).
        case incremental
        /// Rewrite the file: drop unreachable objects, renumber, compress.
        case compact
    }

    public var mode: Mode
    /// With `.compact`: pack objects into object streams with a cross-reference stream.
    public var useObjectStreams: Bool
    /// With `.compact`: write an encrypted file without its encryption (it was opened with a
    /// password, so its contents are known); an incremental update cannot remove it and throws
    /// ``PDFError/invalidArgument(_:)``. No effect on a file that is not encrypted.
    public var removesEncryption: Bool

    public init(mode: Mode = .incremental, useObjectStreams: Bool = false, removesEncryption: Bool = false) {
        self.mode = mode
        self.useObjectStreams = useObjectStreams
        self.removesEncryption = removesEncryption
    }
}
