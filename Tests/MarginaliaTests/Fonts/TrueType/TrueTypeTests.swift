import Foundation
import Testing
@testable import Marginalia

/// Parent of the TrueType suites, so that `swift test --filter TrueType` runs exactly them.
@Suite("TrueType")
struct TrueTypeTests {}

/// The fonts the TrueType tests read: DejaVu Sans from Debian's fonts-dejavu-core.
enum TrueTypeFixtures {
    static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static var hasDejaVu: Bool { FileManager.default.fileExists(atPath: dejaVuSansPath) }

    /// A fresh DejaVu Sans (each test records its own glyph use).
    static func dejaVuSans() throws -> TrueTypeFont {
        try TrueTypeFont(path: dejaVuSansPath)
    }

    static func dejaVuSansBytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: dejaVuSansPath)))
    }

    /// The subset font program the font would embed now.
    static func subsetProgram(of font: TrueTypeFont) throws -> [UInt8] {
        try TrueTypeSubsetter.subset(font.program, font.subset, postScriptName: font.fontName)
    }

    /// `font` (an sfnt file) wrapped in a TrueType collection as its first font, its table
    /// offsets moved to count from the start of the collection, followed by a second entry
    /// pointing at the same font.
    static func collection(wrapping font: [UInt8]) -> [UInt8] {
        let header = 12 + 8 // 'ttcf', version 1.0, two fonts, two offsets
        var out: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 2]
        out += bigEndian(UInt32(header)) + bigEndian(UInt32(header))
        var shifted = font
        let tables = Int(font[4]) << 8 | Int(font[5])
        for index in 0..<tables {
            let at = 12 + 16 * index + 8
            let offset = UInt32(font[at]) << 24 | UInt32(font[at + 1]) << 16 | UInt32(font[at + 2]) << 8 | UInt32(font[at + 3])
            shifted.replaceSubrange(at..<at + 4, with: bigEndian(offset + UInt32(header)))
        }
        return out + shifted
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// The tables of an sfnt file by tag: (checksum, offset, length).
    static func directory(_ font: [UInt8]) -> [String: (checksum: UInt32, offset: Int, length: Int)] {
        func u32(_ at: Int) -> UInt32 {
            UInt32(font[at]) << 24 | UInt32(font[at + 1]) << 16 | UInt32(font[at + 2]) << 8 | UInt32(font[at + 3])
        }
        var tables: [String: (checksum: UInt32, offset: Int, length: Int)] = [:]
        let count = Int(font[4]) << 8 | Int(font[5])
        for index in 0..<count {
            let at = 12 + 16 * index
            let tag = String(decoding: font[at..<at + 4], as: UTF8.self)
            tables[tag] = (u32(at + 4), Int(u32(at + 8)), Int(u32(at + 12)))
        }
        return tables
    }

    /// Runs `executable` with `arguments`; its standard output and exit status.
    static func run(_ executable: String, _ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// The first of `names` in /usr/bin or /usr/local/bin.
    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
