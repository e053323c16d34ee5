import Foundation
import Testing
@testable import MarginaliaCore

/// The core's Base64 (JSON/Base64.swift) against Foundation's, which Marginalia read a stamp's
/// image with (`Data(base64Encoded:options: .ignoreUnknownCharacters)`) and writes it with
/// (`base64EncodedString()`): the same bytes from the same text, the same texts refused.
@Suite("Base64")
struct Base64Tests {
    /// Texts of a few alphabet characters, padding, spaces, line breaks, punctuation and a
    /// character of two bytes, from none to twelve of them.
    @Test func readsWhatFoundationReadsAndRefusesWhatItRefuses() {
        let characters = Array("QUJDAx=  !=/+wé\n9")
        var random = SeededGenerator(seed: 64)
        var accepted = 0
        for _ in 0..<50_000 {
            let text = String((0..<random.next(below: 13)).map { _ in characters[random.next(below: characters.count)] })
            let expected = Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { [UInt8]($0) }
            #expect(Base64.decode(text) == expected, "\(text.debugDescription)")
            if expected != nil { accepted += 1 }
        }
        #expect(accepted > 5000 && accepted < 45_000)
    }

    @Test(arguments: ["", "QQ==", "QUI=", "QUJD", "QQ==QUJD", "QUJD====", " Q Q = = ", "QU\nJD"])
    func readsPaddedAndSpacedText(text: String) {
        #expect(Base64.decode(text) == Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { [UInt8]($0) })
        #expect(Base64.decode(text) != nil)
    }

    @Test(arguments: ["QQ=", "Q", "QUJDRA", "Q===", "=", "QQ=x=", "!"])
    func refusesTextFoundationRefuses(text: String) {
        #expect(Base64.decode(text) == nil)
        #expect(Data(base64Encoded: text, options: .ignoreUnknownCharacters) == nil)
    }

    @Test func writesWhatFoundationWrites() {
        var random = SeededGenerator(seed: 46)
        for count in 0..<200 {
            let bytes = (0..<count).map { _ in UInt8(random.next(below: 256)) }
            #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
    }
}
