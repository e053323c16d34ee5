/// A PDF file opened for reading and editing at the object level.
///
/// Opening reads the header, the trailer and the cross-reference data only; objects are
/// parsed on first use and cached. Edits never touch the cache or the bytes: they go to a
/// change set (``update(_:with:)``, ``add(_:)``, ``delete(_:)``) that the writers serialise.
/// A file has one writer at a time; it is not safe to use from several threads at once.
public final class PDFFile {
    /// The bytes of the file as opened; never modified.
    public let source: ByteSource
    public let limits: PDFLimits
    /// The merged cross-reference of the file as opened (or as rebuilt by repair).
    public private(set) var crossReference: CrossReferenceTable
    /// The version in the `%PDF-x.y` header ("1.4" when there is none).
    public let headerVersion: String
    /// Bytes before `%PDF-` (nonzero for files with junk in front).
    public let headerOffset: Int
    /// Whether the cross-reference was rebuilt by scanning because it was damaged.
    public private(set) var isRepaired = false
    /// What was wrong with the file and was worked around, in the order found.
    public private(set) var warnings: [String] = []

    var security: StandardSecurityHandler?
    /// The object number of the `/Encrypt` dictionary, whose strings are never encrypted.
    private var encryptionReference: PDFReference?

    /// The objects parsed so far, by number (dense up to the cross-reference's entries).
    private var cache = ObjectNumberTable<PDFObject>()
    private var objectStreams: [Int: ObjectStream] = [:]
    private var repairCount = 0
    private var checkedForLostPages = false
    /// Set once the file is open: a repair from then on keeps the security handler, and so
    /// the trailer's `/Encrypt` it was set up from.
    private var isOpen = false
    /// What is left of maxDocumentDecodedSize.
    private var decodeBudget: DecodeBudget

    /// What the work on this file is charged to now: every stream decoded (and, by a
    /// renderer, every raster drawn) counts against it, and nothing decodes past what it has
    /// left. A server sets it for the length of one request; nil charges nothing.
    public var meter: (any ResourceMeter)? {
        get { decodeBudget.meter }
        set { decodeBudget.meter = newValue }
    }
    /// The bytes decoded from this file's streams so far, counted against
    /// ``PDFLimits/maxDocumentDecodedSize`` (every decode, a stream read twice counted twice).
    public var decodedByteCount: Int { decodeBudget.used }
    /// Object numbers being loaded: a reference back to one of them is a cycle.
    private var loading = Set<Int>()

    // The change set.
    // The change set (edited through PDFFile+Editing.swift).
    public internal(set) var changedObjects: [Int: PDFObject] = [:]
    public internal(set) var deletedObjects = Set<Int>()
    var generations: [Int: Int] = [:]
    var trailerChanges = PDFDictionary()
    var removedTrailerKeys = Set<String>()
    var nextNumber: Int
    /// What the edits since the oldest open ``ChangeMark`` replaced, newest last; empty while
    /// no mark is open (PDFFile+Editing.swift).
    var journal: [ChangeJournalEntry] = []
    /// The marks not yet given back, oldest first, with their journal positions.
    var openMarks: [(serial: Int, position: Int)] = []
    /// The serial number of the newest mark taken.
    var markSerial = 0
    /// How many edits were made since opening: anything derived from the objects (text read
    /// from a page, say) and cached is stale once this moves.
    public internal(set) var changeCount = 0

    /// Opens a file.
    ///
    /// - Parameters:
    ///   - source: the bytes.
    ///   - password: the user or owner password of an encrypted file; nil tries the empty one.
    ///   - limits: bounds on what reading may cost.
    ///   - meter: what decoding is charged to from the start (the cross-reference and
    ///     object streams opening reads); see ``meter``.
    /// - Throws: ``PDFError/notAPDF`` for data with no PDF in it, ``PDFError/passwordRequired``
    ///   when the password does not open an encrypted file, the meter's error when it
    ///   refuses, and other ``PDFError``s when the file is damaged beyond repair.
    public init(source: ByteSource, password: String? = nil, limits: PDFLimits = .default,
                meter: (any ResourceMeter)? = nil) throws {
        self.source = source
        self.limits = limits
        decodeBudget = DecodeBudget(limits: limits)
        decodeBudget.meter = meter
        let header = PDFFile.findHeader(in: source)
        headerOffset = header?.offset ?? 0
        headerVersion = header?.version ?? "1.4"
        crossReference = CrossReferenceTable()
        nextNumber = 1
        if header == nil { warnings.append("no %PDF- header") }

        do {
            try loadCrossReference()
        } catch let error as PDFError {
            if case .limitExceeded = error { throw error }
            try repair(reason: error.description)
        }
        forgetParsedObjects()
        try setUpSecurity(password: password)
        // A trailer without a usable catalog is as good as no trailer.
        if !isRepaired, (try? catalog()) == nil {
            try repair(reason: "the trailer's /Root is not a catalog dictionary")
            try setUpSecurity(password: password)
        }
        guard (try? catalog()) != nil else {
            throw PDFError.unrepairable("no document catalog found")
        }
        nextNumber = max(tableSize, nextNumber, 1)
        isOpen = true
    }

    private static func findHeader(in source: ByteSource) -> (offset: Int, version: String)? {
        guard let at = source.firstIndex(of: Array("%PDF-".utf8), from: 0, to: min(source.count, 1024)) else { return nil }
        var end = at + 5
        while let b = source[end], CharacterClass.isDigit(b) || b == 0x2E, end < at + 9 { end += 1 }
        let version = String(decoding: source.bytes(in: (at + 5)..<end), as: UTF8.self)
        return (at, version.isEmpty ? "1.4" : version)
    }

    private func loadCrossReference() throws {
        let reader = CrossReferenceReader(source: source, limits: limits)
        let start = try CrossReferenceReader.findStartXref(in: source)
        do {
            crossReference = try reader.read(startOffset: start, budget: &decodeBudget)
        } catch let error as PDFError where headerOffset > 0 {
            if case .limitExceeded = error { throw error }
            // Data before the header (PDF 2.0, 7.5.2): offsets count from `%PDF-`.
            crossReference = try reader.read(startOffset: start, shift: headerOffset, budget: &decodeBudget)
        }
    }

    /// Rebuilds the cross-reference by scanning, as for any damaged file, when the trailer's
    /// page tree reaches no page (``pageTreeHasPages(catalog:)``) but the file holds pages: a
    /// `/Pages` entry the cross-reference marks free or locates wrongly, or a `/Root` naming a
    /// catalog whose tree is empty. The repair is kept when it finds pages, through the
    /// trailer's catalog or, failing that, the newest catalog that has some; a file with no
    /// pages anywhere is an empty document and stays as it was read. The document layer calls
    /// this when it counts no pages, so sound files never pay for the check; it works once,
    /// and only on a file without changes.
    ///
    /// - Returns: whether the file was repaired (``warnings`` says how).
    @discardableResult
    public func repairLostPages() throws -> Bool {
        guard !checkedForLostPages, !hasChanges else { return false }
        checkedForLostPages = true
        guard !pageTreeHasPages() else { return false }
        let read = (crossReference, warnings, isRepaired, repairCount, nextNumber)
        if isRepaired {
            warnings.append("the page tree of the trailer's catalog has no pages")
        } else {
            try repair(reason: "the document's page tree has no pages")
        }
        if !pageTreeHasPages(), let found = findCatalog(where: { pageTreeHasPages(catalog: $0) }) {
            crossReference.trailer["Root"] = .reference(found)
            warnings.append("the catalog with pages is object \(found.number), not the one the trailer names")
        }
        if pageTreeHasPages() { return true }
        let repairedNow = isRepaired != read.2
        (crossReference, warnings, isRepaired, repairCount, nextNumber) = read
        if repairedNow { forgetParsedObjects() }
        return false
    }

    /// Rebuilds the cross-reference by scanning; records why.
    private func repair(reason: String) throws {
        let table = crossReference
        crossReference = try CrossReferenceRepair(source: source, limits: limits).rebuild(budget: &decodeBudget)
        if isOpen { keepSoundEntries(of: table) }
        warnings.append("cross-reference rebuilt by scanning the file (\(reason))")
        isRepaired = true
        repairCount += 1
        forgetParsedObjects()
        nextNumber = max(tableSize, nextNumber)
        if (try? catalog()) == nil, let found = findCatalog() {
            crossReference.trailer["Root"] = .reference(found)
        }
    }

    /// After opening, a repair keeps what the table it replaces had right: its trailer, which
    /// gave the catalog and the security handler (the scan merges every trailer in the file,
    /// another file's too when one is spliced in, and a rewrite must not name an /Encrypt it
    /// did not encrypt with), and each entry whose offset holds that object's header, with
    /// the objects of the object streams so kept. Only what the table located wrongly comes
    /// from the scan, which prefers the last definition in the file: so the objects already
    /// read, and the pages already counted, read the same after the repair (qpdf and MuPDF
    /// count the pages of a spliced file by its own table).
    private func keepSoundEntries(of table: CrossReferenceTable) {
        crossReference.trailer = table.trailer
        var kept = Set<Int>()
        for (number, entry) in table.entries {
            guard case .inFile(let offset, _) = entry else { continue }
            var lexer = Lexer(source: source, position: offset, limits: limits)
            if case .integer(number)? = try? lexer.next(), case .integer? = try? lexer.next(),
               case .keyword("obj")? = try? lexer.next() {
                crossReference.entries[number] = entry
                kept.insert(number)
            }
        }
        for (number, entry) in table.entries {
            if case .inObjectStream(let stream, _) = entry, kept.contains(stream) { crossReference.entries[number] = entry }
        }
    }

    private func setUpSecurity(password: String?) throws {
        security = nil
        encryptionReference = nil
        guard let encrypt = trailer["Encrypt"], !encrypt.isNull else { return }
        encryptionReference = encrypt.referenceValue
        guard let dictionary = try resolve(encrypt).dictionaryValue else {
            throw PDFError.invalidObject(encryptionReference, message: "/Encrypt is not a dictionary")
        }
        let fileID = trailer["ID"]?.arrayValue?.first?.stringBytes ?? []
        security = try StandardSecurityHandler(encryptDictionary: dictionary, fileID: fileID, password: password)
        for note in security?.encryption.notes ?? [] where !warnings.contains(note) { warnings.append(note) }
        forgetParsedObjects()
    }

    /// Empties the caches of parsed objects and object streams, as when the cross-reference
    /// or the security handler that located and decrypted them changes; the object table is
    /// sized for the cross-reference as it is now.
    private func forgetParsedObjects() {
        cache = ObjectNumberTable(denseLimit: crossReference.denseObjectNumberLimit)
        objectStreams.removeAll()
    }

    // MARK: - Reading

    /// The trailer with the change set's edits applied.
    public var trailer: PDFDictionary {
        var result = crossReference.trailer
        for key in removedTrailerKeys { result[key] = nil }
        for (key, value) in trailerChanges { result[key] = value }
        return result
    }

    /// Whether the file is encrypted (and was opened with a valid password).
    public var isEncrypted: Bool { security != nil }

    /// The document catalog (`/Root`).
    public func catalog() throws -> PDFDictionary {
        guard let root = trailer["Root"], let dictionary = try resolve(root).dictionaryValue else {
            throw PDFError.invalidObject(trailer["Root"]?.referenceValue, message: "the document catalog is missing")
        }
        return dictionary
    }

    /// The object that `reference` names: the edited value when it was changed, `.null` when
    /// it is free or absent (7.3.10).
    ///
    /// - Throws: ``PDFError`` when the object exists but cannot be read even after repair.
    public func object(for reference: PDFReference) throws -> PDFObject {
        let number = reference.number
        // The emptiness tests spare two hash lookups per read while nothing is edited.
        if !deletedObjects.isEmpty && deletedObjects.contains(number) { return .null }
        if !changedObjects.isEmpty, let changed = changedObjects[number] { return changed }
        if let cached = cache[number] { return cached }
        // Objects load within one another (a stream's /Length read from another object, an
        // object stream's own object): a long chain of them, each object listed inside the
        // next one's object stream, overflowed the stack. It is bounded like nesting within one object.
        if loading.count >= limits.maxNestingDepth {
            throw PDFError.limitExceeded("objects loaded within one another more than \(limits.maxNestingDepth) deep at object \(number) (maxNestingDepth)",
                                           limit: .maxNestingDepth, max: limits.maxNestingDepth)
        }
        guard loading.insert(number).inserted else { return .null }  // a cycle through object streams
        defer { loading.remove(number) }
        let object: PDFObject
        let repairsBefore = repairCount
        do {
            object = try load(number)
        } catch let error as PDFError {
            if case .limitExceeded = error { throw error }
            // Repair once; and retry when a repair happened while this object was loading
            // (a nested load found the damage), since the entries it used may have changed.
            // The security handler stays: repair does not change the /Encrypt dictionary.
            if !isRepaired {
                try repair(reason: "object \(number) could not be read: \(error)")
            } else if repairCount == repairsBefore {
                throw error
            }
            object = try load(number)
        }
        cache[number] = object
        return object
    }

    /// The object `reference` names for a writer: one that cannot be read even after repair
    /// is written as null (7.3.10, as a reference to a missing object reads), with a warning,
    /// so that damage beyond repair in one object does not stop the rest being saved.
    func objectForWriting(_ reference: PDFReference) -> PDFObject {
        do {
            return try object(for: reference)
        } catch {
            warnings.append("object \(reference.number) could not be read and was written as null: \(error)")
            return .null
        }
    }

    /// Object `number` as the file stores it, edits ignored; nil when the file does not hold it.
    func storedObject(_ number: Int) -> PDFObject? {
        if let cached = cache[number] { return cached }
        guard let object = try? load(number), object != .null else { return nil }
        return object
    }

    private func load(_ number: Int) throws -> PDFObject {
        switch crossReference.entries[number] {
        case nil, .free?:
            return .null
        case .inFile(let offset, let generation)?:
            var parser = ObjectParser(source: source, position: offset, limits: limits) { [unowned self] ref in
                (try? self.object(for: ref))?.integerValue
            }
            let (found, object) = try parser.parseIndirectObject(expected: PDFReference(number, generation))
            if parser.lexer.strayParenthesesSkipped > 0 {
                warnings.append("object \(number): \(parser.lexer.strayParenthesesSkipped) stray ')' outside a string skipped")
            }
            // A dangling reference (to an object the file lacks) keeps its number from new objects.
            if parser.highestReferencedNumber >= nextNumber, parser.highestReferencedNumber <= limits.maxObjectNumber {
                nextNumber = parser.highestReferencedNumber + 1
            }
            if parser.strayWordsDropped > 0 {
                warnings.append("object \(number): \(parser.strayWordsDropped) stray keyword(s) inside it dropped")
            }
            return decrypt(object, reference: found)
        case .inObjectStream(let streamNumber, let index)?:
            return try objectStream(streamNumber).object(at: index, number: number)
        }
    }

    private func objectStream(_ number: Int) throws -> ObjectStream {
        if let cached = objectStreams[number] { return cached }
        guard case .stream(let stream) = try object(for: PDFReference(number, 0)) else {
            throw PDFError.invalidObject(PDFReference(number, 0), message: "object stream is not a stream")
        }
        let objectStream = try ObjectStream(dictionary: stream.dictionary, limits: limits) {
            try decodeBudget.decode(stream, what: "object stream \(number)")
        }
        objectStreams[number] = objectStream
        return objectStream
    }

    private func decrypt(_ object: PDFObject, reference: PDFReference) -> PDFObject {
        guard let security, reference != encryptionReference else { return object }
        func walk(_ value: PDFObject) -> PDFObject {
            switch value {
            case .string(let bytes): return .string(security.decryptString(bytes, reference: reference))
            case .array(let items): return .array(items.map(walk))
            case .dictionary(let dictionary): return .dictionary(walkDictionary(dictionary))
            default: return value
            }
        }
        func walkDictionary(_ dictionary: PDFDictionary) -> PDFDictionary {
            var result = PDFDictionary()
            for (key, value) in dictionary { result[key] = walk(value) }
            return result
        }
        if case .stream(let stream) = object {
            // Cross-reference streams are never encrypted (7.6.2).
            if stream.dictionary.type == "XRef" { return object }
            let data = security.decryptStream(stream.rawBytes, dictionary: stream.dictionary, reference: reference)
            return .stream(PDFStream(dictionary: walkDictionary(stream.dictionary), rawBytes: data))
        }
        return walk(object)
    }

    /// The decoded data of a stream object: `object` is a reference to a stream (or a
    /// stream). What it decodes to is charged to the document's budget,
    /// ``PDFLimits/maxDocumentDecodedSize``, each time.
    ///
    /// - Throws: ``PDFError/invalidObject(_:message:)`` when `object` is not a stream,
    ///   ``PDFError/limitExceeded(_:limit:max:)`` past the stream's or the document's limit, and
    ///   ``PDFError/filter(name:reason:)`` for data that cannot be decoded.
    public func decodedData(of object: PDFObject) throws -> [UInt8] {
        switch object {
        case .reference(let reference):
            guard case .stream(let stream) = try self.object(for: reference) else {
                throw PDFError.invalidObject(reference, message: "not a stream")
            }
            return try decodeBudget.decode(stream, what: "object \(reference.number)")
        case .stream(let stream):
            return try decodeBudget.decode(stream, what: "a stream")
        default:
            throw PDFError.invalidObject(nil, message: "expected a stream, found \(object.typeName)")
        }
    }

    /// Follows references until a direct object; a chain longer than 32 or a missing object
    /// gives `.null`.
    public func resolve(_ object: PDFObject) throws -> PDFObject {
        var current = object
        var hops = 0
        while case .reference(let reference) = current {
            hops += 1
            if hops > 32 { return .null }
            current = try self.object(for: reference)
        }
        return current
    }

    /// Resolves `object` and returns it if it is a dictionary (or a stream's dictionary).
    public func dictionary(_ object: PDFObject?) throws -> PDFDictionary? {
        guard let object else { return nil }
        return try resolve(object).dictionaryValue
    }

    /// How many objects have been parsed and cached (opening parses only what it must).
    var cachedObjectCount: Int { cache.count }
    /// How many object numbers the cache's table part has room for (``ObjectNumberTable``).
    var cachedObjectTableRoom: Int { cache.tableRoom }

    /// The generation number under which `number` is written.
    public func generation(of number: Int) -> Int {
        if let g = generations[number] { return g }
        switch crossReference.entries[number] {
        case .inFile(_, let g)?: return g
        default: return 0
        }
    }

    /// Every object number that is in use in the file as opened or added since
    /// (cross-reference streams, which are file structure, excluded).
    public var objectNumbers: [Int] {
        var numbers = Set<Int>()
        for (number, entry) in crossReference.entries {
            if case .free = entry { continue }
            if crossReference.crossReferenceStreamNumbers.contains(number) { continue }
            numbers.insert(number)
        }
        numbers.formUnion(changedObjects.keys)
        numbers.subtract(deletedObjects)
        return numbers.sorted()
    }

    /// Whether anything was edited since opening.
    public var hasChanges: Bool {
        !changedObjects.isEmpty || !deletedObjects.isEmpty || !trailerChanges.isEmpty || !removedTrailerKeys.isEmpty
    }

    /// One more than the largest object number in use.
    public var size: Int { max(nextNumber, tableSize) }

    /// The cross-reference's size, except that a declared `/Size` past the object-number
    /// limit is ignored: it would number new objects beyond what readers accept.
    private var tableSize: Int {
        let size = crossReference.size
        return size <= limits.maxObjectNumber + 1 ? size : (crossReference.entries.keys.max() ?? 0) + 1
    }
}

extension PDFFile {
    /// A new, empty document: a catalog (object 1) and a page tree with no pages (object 2),
    /// ready for objects to be added and written with a compact rewrite.
    public static func newDocument(version: String = "1.7") throws -> PDFFile {
        var out = Array("%PDF-\(version)\n".utf8)
        var xref = CrossReferenceWriter()
        xref.entries[0] = .free(nextGeneration: 65535)
        let serializer = ObjectSerializer()
        let catalog = PDFDictionary(["Type": .name("Catalog"), "Pages": .reference(PDFReference(2, 0))])
        let pages = PDFDictionary(["Type": .name("Pages"), "Kids": [], "Count": 0])
        for (number, object) in [(1, catalog), (2, pages)] {
            xref.entries[number] = .inFile(offset: out.count, generation: 0)
            serializer.writeIndirect(.dictionary(object), reference: PDFReference(number, 0), to: &out)
        }
        xref.writeTable(trailer: PDFDictionary(["Size": 3, "Root": .reference(PDFReference(1, 0))]), to: &out)
        return try PDFFile(source: ByteSource(bytes: out))
    }
}
