import Testing

@testable import PDFCore

extension FilterTests {
    @Suite("RunLengthDecode")
    struct RunLengthFilterTests {
        typealias T = FilterTestSupport

        @Test("literal and repeat runs, worked by hand")
        func handVector() throws {
            // 2: copy 3 bytes; 253 (257 - 253 = 4): repeat 'x' 4 times; 0: copy 1; 128: end.
            let encoded: [UInt8] = [2, 0x61, 0x62, 0x63, 253, 0x78, 0, 0x7A, 128]
            #expect(try T.decode(encoded, "RunLengthDecode") == T.ascii("abcxxxxz"))
            #expect(try T.decode(encoded, "RL") == T.ascii("abcxxxxz"))
        }

        @Test("the longest runs: 128 literal bytes, and 129 (257 - 128) repeats of one byte")
        func longestRuns() throws {
            let literals = (0..<128).map { UInt8($0) }
            #expect(try T.decode([127] + literals + [128], "RunLengthDecode") == literals)
            #expect(try T.decode([129, 7, 128], "RunLengthDecode") == [UInt8](repeating: 7, count: 128))
        }

        @Test("length byte 128 ends the data; what follows is ignored")
        func endOfData() throws {
            #expect(try T.decode([0, 0x41, 128, 0, 0x42], "RunLengthDecode") == [0x41])
        }

        @Test("data that ends early keeps what it has", arguments: [
            [UInt8]([0, 0x41]),  // no EOD
            [0, 0x41, 4, 0x42],  // a literal run of 5 cut after 1
            [0, 0x41, 200],  // a repeat run without its byte
        ])
        func truncated(encoded: [UInt8]) throws {
            let decoded = try T.decode(encoded, "RunLengthDecode")
            #expect(decoded.first == 0x41)
            #expect(decoded.count <= 2)
        }

        @Test("encode then decode gives the input back", arguments: [0, 1, 2, 127, 128, 129, 300, 5000])
        func roundTrip(count: Int) throws {
            var random = SplitMix64(seed: UInt64(count))
            // Runs of random length and value, mixed with noise.
            var data: [UInt8] = []
            while data.count < count {
                let value = UInt8(truncatingIfNeeded: random.next())
                let length = Int(random.next() % 300)
                data += random.next() % 2 == 0 ? [UInt8](repeating: value, count: length) : T.randomBytes(count: length % 40, random: &random)
            }
            data = Array(data.prefix(count))
            let encoded = RunLengthFilter.encode(data)
            #expect(encoded.last == 128)
            #expect(try T.decode(encoded, "RunLengthDecode") == data)
        }

        @Test("the encoder uses repeat runs for repeated bytes")
        func encoderOutput() {
            #expect(RunLengthFilter.encode(T.ascii("abcxxxxz")) == [2, 0x61, 0x62, 0x63, 253, 0x78, 0, 0x7A, 128])
            #expect(RunLengthFilter.encode([UInt8](repeating: 9, count: 200)) == [129, 9, 185, 9, 128])
        }

        @Test("32 MB of repeat runs decode within seconds, even unoptimised")
        func largeExpansionIsFast() throws {
            let encoded = Array([[UInt8]](repeating: [129, 0xAB], count: 250_000).joined())
            let start = ContinuousClock.now
            let decoded = try RunLengthFilter.decode(encoded, limit: .max)
            #expect(ContinuousClock.now - start < .seconds(3))
            #expect(decoded.count == 32_000_000)
            #expect(decoded.allSatisfy { $0 == 0xAB })
        }

        @Test("expansion past the limit throws")
        func limit() throws {
            let encoded = Array([[UInt8]](repeating: [129, 1], count: 2000).joined())  // 2000 x 128 bytes
            let error = #expect(throws: PDFError.self) {
                try T.decode(encoded, "RunLengthDecode", limits: T.limits(maxDecoded: 255_999))
            }
            #expect(error?.isLimitExceeded == true)
            #expect(try T.decode(encoded, "RunLengthDecode", limits: T.limits(maxDecoded: 256_000)).count == 256_000)
        }
    }
}
