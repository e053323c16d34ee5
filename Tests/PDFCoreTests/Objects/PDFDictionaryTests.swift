import Testing
@testable import PDFCore

/// The dictionary against a plain model (an ordered list of pairs searched by string
/// equality): keys that share their first seven bytes, keys that differ only in length or
/// past their seventh byte, non-ASCII keys, and sizes on both sides of the hash index.
/// (Keys that are canonically equivalent but of other bytes, "é" and "e" with a combining
/// accent, are two keys below the index's size and one above it: left out here.)
@Suite struct PDFDictionaryTests {
    /// Keys chosen to defeat a lookup that compares too little: equal prefixes of seven
    /// bytes and more, equal lengths, an empty key, a NUL byte, multi-byte UTF-8.
    static let keys = ["", "A", "B", "AB", "BA", "Type", "Subtype", "SubtypeA", "SubtypeB", "Subtyp",
                       "Contents", "Contentz", "ContentsX", "DecodeParms", "DecodeParmz", "a\u{0}", "a",
                       "é", "Ü", "名前", "名前X", "Resources", String(repeating: "K", count: 300),
                       String(repeating: "K", count: 299) + "L", "F1", "F2", "F10", "Length", "Length1",
                       "K", "KX", "Kelvin12", "Kelvin13"]

    @Test func everySequenceOfSetsAndRemovesMatchesAnOrderedList() {
        var generator = SplitMix64(seed: 42)
        for round in 0..<400 {
            var dictionary = PDFDictionary()
            var model: [(String, PDFObject)] = []
            let steps = Int(generator.next() % 60)
            for step in 0..<steps {
                let key = Self.keys[Int(generator.next() % UInt64(Self.keys.count))]
                let removes = generator.next() % 5 == 0
                if removes {
                    dictionary[key] = nil
                    model.removeAll { $0.0 == key }
                } else {
                    let value = PDFObject.integer(round * 1000 + step)
                    dictionary[key] = value
                    if let i = model.firstIndex(where: { $0.0 == key }) { model[i].1 = value } else { model.append((key, value)) }
                }
                #expect(dictionary.count == model.count)
                #expect(dictionary.orderedKeys == model.map(\.0), "round \(round), step \(step)")
                for probe in Self.keys {
                    #expect(dictionary[probe] == model.first(where: { $0.0 == probe })?.1, "round \(round), step \(step), key \(probe.debugDescription)")
                }
            }
            #expect(Array(dictionary.map(\.value)) == model.map(\.1))
        }
    }

    @Test func keysSharingTheirFirstSevenBytesStayApart() {
        var dictionary = PDFDictionary()
        dictionary["SubtypeA"] = .integer(1)
        dictionary["SubtypeB"] = .integer(2)
        dictionary["Subtype"] = .integer(3)
        #expect(dictionary["SubtypeA"] == .integer(1))
        #expect(dictionary["SubtypeB"] == .integer(2))
        #expect(dictionary["Subtype"] == .integer(3))
        #expect(dictionary["SubtypeC"] == nil)
        #expect(dictionary.count == 3)
    }
}
