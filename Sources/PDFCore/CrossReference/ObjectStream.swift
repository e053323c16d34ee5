/// The contents of an object stream (ISO 32000-2, 7.5.7): `N` pairs of object number and
/// offset, then the objects themselves starting at `/First`.
struct ObjectStream {
    let source: ByteSource
    let first: Int
    let objectNumbers: [Int]
    let offsets: [Int]
    let limits: PDFLimits

    /// Reads the stream with `dictionary` whose data `decode` gives (called only once the
    /// dictionary is known to be sound).
    init(dictionary: PDFDictionary, limits: PDFLimits, decode: () throws -> [UInt8]) throws {
        let count = dictionary["N"]?.integerValue ?? 0
        let first = dictionary["First"]?.integerValue ?? 0
        guard count >= 0, count <= limits.maxCollectionCount, first >= 0 else {
            throw PDFError.invalidObject(nil, message: "object stream has a bad /N or /First")
        }
        let data = try decode()
        let source = ByteSource(bytes: data)
        var lexer = Lexer(source: source, position: 0, limits: limits)
        var numbers: [Int] = []
        var offsets: [Int] = []
        numbers.reserveCapacity(count)
        offsets.reserveCapacity(count)
        for _ in 0..<count {
            guard case .integer(let number) = try lexer.next(), case .integer(let offset) = try lexer.next() else { break }
            numbers.append(number)
            offsets.append(offset)
        }
        self.source = source
        self.first = min(first, data.count)
        self.objectNumbers = numbers
        self.offsets = offsets
        self.limits = limits
    }

    /// The object at `index`, checking that it is object `number` when the index is stale.
    func object(at index: Int, number: Int) throws -> PDFObject {
        var slot = index
        if slot >= objectNumbers.count || objectNumbers[slot] != number {
            // Some writers get the index wrong; the header names each object, so look it up.
            guard let found = objectNumbers.firstIndex(of: number) else {
                throw PDFError.objectNotFound(PDFReference(number, 0))
            }
            slot = found
        }
        guard offsets[slot] >= 0, offsets[slot] < source.count - first else {
            throw PDFError.invalidObject(PDFReference(number, 0), message: "offset outside its object stream")
        }
        var parser = ObjectParser(source: source, position: first + offsets[slot], limits: limits)
        return try parser.parseObject()
    }
}
