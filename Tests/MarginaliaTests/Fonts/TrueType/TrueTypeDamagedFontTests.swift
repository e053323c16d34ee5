import Foundation
import PDFCore
import Testing
@testable import Marginalia

extension TrueTypeTests {
    @Suite("Damaged and foreign fonts")
    struct TrueTypeDamagedFontTests {
        // MARK: - Refused with a reason

        @Test func unreadablePath() {
            #expect(throws: FontError.self) { try TrueTypeFont(path: "/nonexistent/font.ttf") }
            do {
                _ = try TrueTypeFont(path: "/nonexistent/font.ttf")
            } catch let error as FontError {
                guard case .unreadable(let path, _) = error else { Issue.record("\(error)"); return }
                #expect(path == "/nonexistent/font.ttf")
            } catch {
                Issue.record("\(error)")
            }
        }

        @Test func tooLarge() throws {
            let limit = TrueTypeFont.maximumFileSize
            let data = Data(count: limit + 1)
            #expect(throws: FontError.tooLarge(size: limit + 1, limit: limit)) { try TrueTypeFont(data: data) }
            // A device that never ends is read only to just past the limit.
            #expect(throws: FontError.tooLarge(size: limit + 1, limit: limit)) { try TrueTypeFont(path: "/dev/zero") }
        }

        @Test(arguments: [
            ("OTTO", "CFF"), ("wOFF", "WOFF"), ("wOF2", "WOFF"), ("typ1", "Type 1"), ("%PDF", "unknown"), ("\0\0\0\0", "unknown"),
        ])
        func otherKindsOfFile(signature: String, mention: String) throws {
            let bytes = Array(signature.utf8) + [UInt8](repeating: 0, count: 60)
            let error = try #require(throws: FontError.self) { try TrueTypeFont(data: Data(bytes)) }
            guard case .notTrueType(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains(mention), "\(reason)")
        }

        @Test func realCFFOpenTypeFontIsRefused() throws {
            let path = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"
            try #require(FileManager.default.fileExists(atPath: path), "URW base35 fonts are not installed")
            let error = try #require(throws: FontError.self) { try TrueTypeFont(path: path) }
            #expect(error.description.contains("CFF"))
        }

        @Test func directoryIsUnreadable() {
            let error = #expect(throws: FontError.self) { try TrueTypeFont(path: "/tmp") }
            guard case .unreadable? = error else { Issue.record("\(String(describing: error))"); return }
        }

        @Test func tooShort() {
            #expect(throws: FontError.self) { try TrueTypeFont(data: Data()) }
            #expect(throws: FontError.self) { try TrueTypeFont(data: Data([0, 1, 0, 0])) }
        }

        @Test(.enabled(if: TrueTypeFixtures.hasDejaVu, "DejaVu Sans is not installed"))
        func missingTableIsNamed() throws {
            var bytes = try TrueTypeFixtures.dejaVuSansBytes()
            let entry = try #require(Self.directoryEntry(of: "cmap", in: bytes))
            bytes.replaceSubrange(entry..<entry + 4, with: Array("xmap".utf8))
            #expect(throws: FontError.missingTable(tag: "cmap")) { try TrueTypeFont(data: Data(bytes)) }
        }

        @Test(.enabled(if: TrueTypeFixtures.hasDejaVu, "DejaVu Sans is not installed"))
        func tableOutsideTheFileIsNamed() throws {
            var bytes = try TrueTypeFixtures.dejaVuSansBytes()
            let entry = try #require(Self.directoryEntry(of: "hmtx", in: bytes))
            bytes.replaceSubrange(entry + 12..<entry + 16, with: [0x7F, 0, 0, 0]) // length 2 GB
            let error = try #require(throws: FontError.self) { try TrueTypeFont(data: Data(bytes)) }
            guard case .damagedTable(let tag, _) = error else { Issue.record("\(error)"); return }
            #expect(tag == "hmtx")
            #expect(error.description.hasPrefix("damaged font: 'hmtx' table"))
        }

        @Test(.enabled(if: TrueTypeFixtures.hasDejaVu, "DejaVu Sans is not installed"))
        func zeroUnitsPerEmIsNamed() throws {
            var bytes = try TrueTypeFixtures.dejaVuSansBytes()
            let entry = try #require(Self.directoryEntry(of: "head", in: bytes))
            let offset = Int(bytes[entry + 8]) << 24 | Int(bytes[entry + 9]) << 16 | Int(bytes[entry + 10]) << 8 | Int(bytes[entry + 11])
            bytes.replaceSubrange(offset + 18..<offset + 20, with: [0, 0])
            #expect(throws: FontError.damagedTable(tag: "head", reason: "unitsPerEm is 0")) { try TrueTypeFont(data: Data(bytes)) }
        }

        /// The position of `tag`'s record in the table directory.
        static func directoryEntry(of tag: String, in font: [UInt8]) -> Int? {
            let count = Int(font[4]) << 8 | Int(font[5])
            return (0..<count).map { 12 + 16 * $0 }.first { Array(font[$0..<$0 + 4]) == Array(tag.utf8) }
        }

        // MARK: - Never a trap

        /// A subset of DejaVu Sans with a BMP and a non-BMP character and composites: every
        /// table present and small, so that cuts and flips land in each of them.
        static func smallFont() throws -> [UInt8] {
            let font = try TrueTypeFixtures.dejaVuSans()
            _ = font.encode("Aé𐌀Ǖ")
            return try TrueTypeFixtures.subsetProgram(of: font)
        }

        /// Opens `bytes` and, when that works, uses the font fully: measure, encode, embed.
        /// Errors are the expected outcome; only a trap would fail (by crashing the run).
        static func exercise(_ bytes: [UInt8]) -> Bool {
            guard let font = try? TrueTypeFont(data: Data(bytes)) else { return false }
            let text = "Aé𐌀Ǖ x中"
            _ = font.width(of: text, size: 12)
            _ = font.hasGlyph(for: "é")
            _ = font.encode(text)
            var next = 0
            _ = try? font.makeFontDictionary { _ in next += 1; return PDFReference(next) }
            return true
        }

        @Test(.enabled(if: TrueTypeFixtures.hasDejaVu, "DejaVu Sans is not installed"))
        func everyTruncationIsAnErrorOrAFont() throws {
            let font = try Self.smallFont()
            #expect(Self.exercise(font))
            var opened = 0
            for length in 0..<font.count where Self.exercise(Array(font.prefix(length))) { opened += 1 }
            // Cuts inside the tables the font needs are refused; only cuts into the last
            // tables' padding or optional tables can still open.
            #expect(opened < font.count / 2)
        }

        @Test(.enabled(if: TrueTypeFixtures.hasDejaVu, "DejaVu Sans is not installed"))
        func byteFlipsAreAnErrorOrAFont() throws {
            let font = try Self.smallFont()
            var random = SplitMix64(seed: 0x7275_6554_7970_65)
            for _ in 0..<3000 {
                var bytes = font
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    let at = Int(random.next() % UInt64(bytes.count))
                    bytes[at] = random.next() % 3 == 0 ? [0x00, 0xFF, 0x80, 0x7F][Int(random.next() % 4)] : UInt8(truncatingIfNeeded: random.next())
                }
                _ = Self.exercise(bytes)
            }
        }

        @Test(.enabled(if: TrueTypeFixtures.hasDejaVu, "DejaVu Sans is not installed"))
        func cutsAndFlipsOfTheWholeFont() throws {
            let font = try TrueTypeFixtures.dejaVuSansBytes()
            // The directory and the start of each table, where the structure is.
            let starts = TrueTypeFixtures.directory(font).values.map(\.offset) + [0]
            var random = SplitMix64(seed: 42)
            for start in starts {
                for delta in [0, 1, 2, 3, 5, 8, 13, 40] where start + delta <= font.count {
                    _ = Self.exercise(Array(font.prefix(start + delta)))
                }
                for _ in 0..<20 {
                    var bytes = font
                    let at = min(font.count - 1, start + Int(random.next() % 64))
                    bytes[at] = UInt8(truncatingIfNeeded: random.next())
                    _ = Self.exercise(bytes)
                }
            }
        }
    }
}
