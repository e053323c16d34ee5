import Testing
@testable import PDFCore

/// Dictionaries read by the parser (built by ``PDFDictionary/Builder``, which appends keys
/// without searching them) against the same entries set one by one through the dictionary's
/// setter (the rule before the builder, checked against an ordered list in
/// PDFDictionaryTests): a repeated key takes the last value in the first one's place, keeping
/// the first one's spelling, and `null` removes the key. The keys include names written with
/// other bytes (`#41` and `A`, a Latin-1 and a UTF-8 `é`), names equal as Swift strings but
/// not in their bytes (U+212A KELVIN SIGN and `K`, a composed and a decomposed `é`: two keys
/// below the hash index's size, one above it), names sharing their first seven bytes, an
/// empty name, and enough keys to cross the index's size.
@Suite struct ParsedDictionaryTests {
    /// Each key as written in the file and as the string it reads as.
    static let keys: [(syntax: String, key: String)] = [
        ("/A", "A"), ("/#41", "A"), ("/B", "B"), ("/AB", "AB"), ("/", ""),
        ("/Type", "Type"), ("/Subtype", "Subtype"), ("/SubtypeA", "SubtypeA"), ("/SubtypeB", "SubtypeB"),
        ("/Contents", "Contents"), ("/Contentz", "Contentz"),
        ("/K", "K"), ("/#E2#84#AA", "\u{212A}"),
        ("/A#E9", "A\u{E9}"), ("/A#C3#A9", "A\u{E9}"), ("/Ae#CC#81", "Ae\u{301}"),
        ("/" + String(repeating: "K", count: 300), String(repeating: "K", count: 300)),
        ("/" + String(repeating: "K", count: 299) + "L", String(repeating: "K", count: 299) + "L"),
    ] + (1...14).map { ("/F\($0)", "F\($0)") }

    private func parse(_ text: String, limits: PDFLimits = PDFLimits()) throws -> PDFDictionary? {
        var parser = ObjectParser(source: ByteSource(bytes: Array(text.utf8)), limits: limits)
        return try parser.parseObject().dictionaryValue
    }

    @Test func everySeededSequenceReadsAsTheSettersRuleGives() throws {
        var generator = SplitMix64(seed: 0x36_D1C7)
        for round in 0..<1_500 {
            var text = "<<"
            var model = PDFDictionary()
            let steps = Int(generator.next() % 40)
            // Most rounds draw from a few keys (repeats), others from all (sizes past 16).
            let pool = round % 3 == 0 ? Self.keys.count : 6 + Int(generator.next() % 12)
            for step in 0..<steps {
                let (syntax, key) = Self.keys[Int(generator.next() % UInt64(pool))]
                if generator.next() % 7 == 0 {
                    text += " \(syntax) null"
                    model[key] = nil
                } else {
                    text += " \(syntax) \(round * 100 + step)"
                    model[key] = .integer(round * 100 + step)
                }
            }
            text += " >>"
            let dictionary = try #require(try parse(text), "round \(round)")
            #expect(dictionary.orderedKeys.map { Array($0.utf8) } == model.orderedKeys.map { Array($0.utf8) }, "round \(round): \(text)")
            #expect(dictionary.map(\.value) == model.map(\.value), "round \(round): \(text)")
            #expect(dictionary.count == model.count, "round \(round)")
            for (_, key) in Self.keys {
                #expect(dictionary[key] == model[key], "round \(round), key \(key.debugDescription)")
            }
        }
    }

    @Test func theLastOfARepeatedKeyWinsInTheFirstOnesPlace() throws {
        let dictionary = try #require(try parse("<< /A 1 /B 2 /A 3 /#41 4 >>"))
        #expect(dictionary.orderedKeys == ["A", "B"])
        #expect(dictionary["A"] == .integer(4))
        let latin1 = try #require(try parse("<< /A#E9 1 /A#C3#A9 2 >>"))
        #expect(latin1.orderedKeys == ["A\u{E9}"])
        #expect(latin1["A\u{E9}"] == .integer(2))
        // Of other UTF-8 lengths: two keys below the index's size, as the setter keeps them.
        let kelvin = try #require(try parse("<< /K 1 /#E2#84#AA 2 >>"))
        #expect(kelvin.orderedKeys.map { Array($0.utf8) } == [[0x4B], [0xE2, 0x84, 0xAA]])
        let removed = try #require(try parse("<< /A 1 /B 2 /A null /C 3 >>"))
        #expect(removed.orderedKeys == ["B", "C"])
    }

    @Test func aRepeatedKeyCountsOnceTowardsTheLimit() throws {
        var limits = PDFLimits()
        limits.maxCollectionCount = 3
        let repeated = "<< " + (0..<50).map { "/A \($0) /B \($0)" }.joined(separator: " ") + " /C 1 >>"
        let dictionary = try #require(try parse(repeated, limits: limits))
        #expect(dictionary.orderedKeys == ["A", "B", "C"])
        #expect(dictionary["A"] == .integer(49))
        #expect(throws: PDFError.self) { try parse("<< /A 1 /B 2 /C 3 /D 4 >>", limits: limits) }
    }
}
