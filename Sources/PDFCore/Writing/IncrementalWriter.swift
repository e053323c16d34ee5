/// Appends the change set of a ``PDFFile`` to its original bytes (ISO 32000-2, 7.5.6).
///
/// The original file stays a byte-for-byte prefix of the result. The new section is of the
/// same kind as the file's newest one (table or stream) and points back with `/Prev`; after
/// a stream, the objects that may be are packed into object streams. When the file was
/// repaired, neither its cross-reference nor its damaged bytes can be trusted once something
/// follows them (a stream whose `/Length` ran past the end of the file would reach into the
/// update), so the update carries every object reachable from the trailer as repair read it,
/// and its cross-reference, without `/Prev`, points only into the update.
struct IncrementalWriter {
    let file: PDFFile

    func write() throws -> [UInt8] {
        let source = file.source
        // Nothing changed: the file is its own incremental save.
        guard file.hasChanges else { return Array(source.buffer) }
        let update = try writeUpdate()
        var out = [UInt8]()
        out.reserveCapacity(source.count + update.count)
        out.append(contentsOf: source.buffer)
        out.append(contentsOf: update)
        return out
    }

    /// The bytes that follow the original ones in ``write()`` (empty when nothing changed):
    /// what a store that keeps the original appends to it, without copying the original.
    func writeUpdate() throws -> [UInt8] {
        let source = file.source
        guard file.hasChanges else { return [] }
        var out = [UInt8]()
        out.reserveCapacity(4096)
        if let last = source.buffer.last, last != 0x0A && last != 0x0D { out.append(0x0A) }

        var xref = CrossReferenceWriter()
        // Positions in `out` count from the end of the original bytes: the base subtracted
        // from each makes them the file's offsets.
        xref.base = file.crossReference.offsetBase - source.count
        let serializer = ObjectSerializer.forFile(file)
        // Readers of a file whose cross-reference is a stream read object streams (PDF 1.5):
        // its update packs the dictionaries and arrays it writes into them, as a rewrite with
        // object streams does, instead of writing each as text. Encrypted files keep one
        // object per entry.
        let packs = file.crossReference.kind == .stream && file.security == nil
        var packer = ObjectStreamBuilder()
        var nextNumber = file.size
        func flushObjectStream() throws {
            guard !packer.isEmpty else { return }
            try packer.flush(streamNumber: nextNumber, serializer: serializer, xref: &xref, to: &out)
            nextNumber += 1
        }
        var numbers = Set(file.changedObjects.keys)
        if file.isRepaired { numbers.formUnion(try FullWriter(file: file).reachableObjects().0) }
        for number in numbers.sorted() {
            let reference = PDFReference(number, file.generation(of: number))
            let object = try file.changedObjects[number] ?? file.object(for: reference)
            let isStream: Bool = { if case .stream = object { return true } else { return false } }()
            // A signature dictionary stays a plain object: its /ByteRange and /Contents are
            // patched in place after writing (12.8.1), which a compressed object stream forbids.
            let isSignature = object.dictionaryValue?["Type"]?.nameValue == "Sig"
            if packs && reference.generation == 0 && !isStream && !isSignature {
                packer.add(object, number: number)
                if packer.isFull { try flushObjectStream() }
                continue
            }
            xref.entries[number] = .inFile(offset: out.count, generation: reference.generation)
            serializer.writeIndirect(object, reference: reference, encrypt: !isEncryptDictionary(reference), to: &out)
        }
        try flushObjectStream()
        for number in file.deletedObjects.sorted() {
            xref.entries[number] = .free(nextGeneration: file.generation(of: number) + 1)
        }
        if xref.entries[0] == nil && file.crossReference.kind == .table { xref.entries[0] = .free(nextGeneration: 65535) }

        // The new version's identifier is the MD5 of what the update holds, not a random
        // value: the same edits to the same file give the same bytes, so a file served twice
        // keeps its ETag and its ranges agree.
        var trailer = TrailerBuilder.trailer(for: file, version: CryptoPrimitives.md5(out))
        if !file.isRepaired { trailer["Prev"] = .integer(file.crossReference.startOffset) }
        // A table cannot say that an object lives in an object stream: a repaired file whose
        // objects do gets a cross-reference stream listing everything.
        let hasCompressedEntries = xref.entries.values.contains {
            if case .inObjectStream = $0 { return true } else { return false }
        }
        if file.crossReference.kind == .stream || hasCompressedEntries {
            let number = nextNumber
            trailer["Size"] = .integer(number + 1)
            try xref.writeStream(number: number, trailer: trailer, to: &out)
        } else {
            trailer["Size"] = .integer(file.size)
            xref.writeTable(trailer: trailer, to: &out)
        }
        return out
    }

    private func isEncryptDictionary(_ reference: PDFReference) -> Bool {
        file.trailer["Encrypt"]?.referenceValue?.number == reference.number
    }
}

/// The trailer entries a writer carries over (7.5.5): `/Root`, `/Info`, `/Encrypt`, `/ID`.
enum TrailerBuilder {
    /// The trailer entries to carry over. `version`, for an update, is the identifier of the
    /// new version: it becomes the second /ID element (14.4), and both when the file had none.
    /// A rewrite keeps the /ID it had (a random one when it had none).
    static func trailer(for file: PDFFile, version: [UInt8]? = nil) -> PDFDictionary {
        let source = file.trailer
        var trailer = PDFDictionary()
        for key in ["Root", "Info", "Encrypt"] { trailer[key] = source[key] }
        // The first /ID element identifies the document (and keys its encryption), so it is
        // kept; the second changes with each version.
        if let id = source["ID"]?.arrayValue, let first = id.first, case .string = first {
            trailer["ID"] = .array([first, version.map { .string($0) } ?? (id.count > 1 ? id[1] : first)])
        } else if !file.isEncrypted {
            let fresh = PDFObject.string(version ?? randomBytes(16))
            trailer["ID"] = .array([fresh, fresh])
        }
        // An encrypted file without /ID keys its encryption on an empty identifier: adding
        // one would make the passwords stop working (7.6.4.3, algorithm 2, step e).
        return trailer
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}

extension ObjectSerializer {
    /// A serializer that encrypts with the file's security handler, if it has one.
    static func forFile(_ file: PDFFile) -> ObjectSerializer {
        guard let security = file.security else { return ObjectSerializer() }
        return ObjectSerializer(
            encryptString: { security.encryptString($0, reference: $1) },
            encryptStream: { security.encryptStream($0, dictionary: $1, reference: $2) }
        )
    }
}
