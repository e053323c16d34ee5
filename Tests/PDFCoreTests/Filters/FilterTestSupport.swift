import Testing

@testable import PDFCore

/// The stream filter tests (ISO 32000-2, 7.4), one nested suite per filter, so that
/// `swift test --filter Filter` runs them all.
@Suite("Filters")
enum FilterTests {}

/// Shared helpers for the filter tests.
enum FilterTestSupport {
    /// Bytes from hexadecimal digits; white space is ignored. Test vectors only.
    static func bytes(hex: String) -> [UInt8] {
        let digits = hex.utf8.compactMap { ASCIIHexFilter.hexValue($0) }
        precondition(digits.count % 2 == 0, "odd number of hex digits in a test vector")
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Limits with a given decoded-size limit.
    static func limits(maxDecoded: Int) -> PDFLimits {
        var limits = PDFLimits()
        limits.maxDecodedStreamSize = maxDecoded
        return limits
    }

    /// Runs one filter through the pipeline, as a stream with that `/Filter` would.
    static func decode(
        _ data: [UInt8], _ filter: String, _ parameters: PDFDictionary? = nil, limits: PDFLimits = .default
    ) throws -> [UInt8] {
        try FilterPipeline.decode(data, filters: [filter], parameters: [parameters], limits: limits)
    }

    /// Data that compresses a little but not trivially: words and noise from a fixed seed.
    static func sampleText(count: Int, seed: UInt64 = 1) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        let words = ["stream", "endobj", " 0 R", "/Type", "/Page", "BT ", "ET\n", "q 1 0 0 1 ", "Tj"].map { Array($0.utf8) }
        var output: [UInt8] = []
        output.reserveCapacity(count + 16)
        while output.count < count {
            output += words[Int(random.next() % UInt64(words.count))]
            output.append(UInt8(truncatingIfNeeded: random.next()))
        }
        return Array(output.prefix(count))
    }

    /// Random bytes from a fixed seed.
    static func randomBytes(count: Int, random: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension PDFError {
    /// The filter named by a ``PDFError/filter(name:reason:)``, nil for other errors.
    var filterName: String? {
        if case .filter(let name, _) = self { return name }
        return nil
    }

    var isLimitExceeded: Bool {
        if case .limitExceeded = self { return true }
        return false
    }
}
