/// Packs objects into object streams (ISO 32000-2, 7.5.7) for the writers: the full rewrite
/// with `useObjectStreams` and the incremental update of a file whose cross-reference is a
/// stream. Only objects that may live in an object stream are given to it: no streams, no
/// generation other than 0, not the encryption dictionary.
struct ObjectStreamBuilder {
    /// Objects packed per object stream.
    var objectsPerStream = 100
    private var numbers: [Int] = []
    private var header: [UInt8] = []
    private var body: [UInt8] = []

    var isEmpty: Bool { numbers.isEmpty }
    var isFull: Bool { numbers.count >= objectsPerStream }

    /// Adds object `number` (its contents, unencrypted: the stream is encrypted as a whole).
    mutating func add(_ object: PDFObject, number: Int) {
        header.append(contentsOf: Array("\(number) \(body.count) ".utf8))
        ObjectSerializer().write(object, to: &body)
        body.append(0x0A)
        numbers.append(number)
    }

    /// Writes the packed objects as object stream `streamNumber` at the end of `out` and
    /// records where each is in `xref`; does nothing when nothing is packed.
    mutating func flush(streamNumber: Int, serializer: ObjectSerializer, xref: inout CrossReferenceWriter,
                        to out: inout [UInt8]) throws {
        guard !numbers.isEmpty else { return }
        for (index, number) in numbers.enumerated() {
            xref.entries[number] = .inObjectStream(streamNumber: streamNumber, index: index)
        }
        var dictionary = PDFDictionary()
        dictionary["Type"] = .name("ObjStm")
        dictionary["N"] = .integer(numbers.count)
        dictionary["First"] = .integer(header.count + 1)
        dictionary["Filter"] = .name("FlateDecode")
        let stream = PDFStream(dictionary: dictionary, rawBytes: try FilterPipeline.deflate(header + [0x0A] + body))
        xref.entries[streamNumber] = .inFile(offset: out.count, generation: 0)
        serializer.writeIndirect(.stream(stream), reference: PDFReference(streamNumber, 0), to: &out)
        numbers.removeAll()
        header.removeAll()
        body.removeAll()
    }
}
