import Foundation
@testable import Marginalia
@testable import MarginaliaEditor

extension Editor {
    /// A view point for a page point of page `index`.
    func view(_ x: CGFloat, _ y: CGFloat, page index: Int = 0) -> CGPoint {
        viewport.convert(CGPoint(x: x, y: y), fromPage: index)
    }

    func annotations(_ page: Int = 0) throws -> [PDFAnnotation] {
        try session.document.annotations(onPage: page)
    }

    func types(_ page: Int = 0) throws -> [String] {
        try annotations(page).map { AnnotationJSON.typeName(of: $0) }
    }

    /// An editor on the three-page test document, view 800 × 1000 at zoom 1, a manual clock.
    static func make(clock: ManualClock = ManualClock(), store: PreferencesStore? = nil) throws -> Editor {
        try Editor(session: EditorSession(document: try OperationTests.document()),
                   viewSize: CGSize(width: 800, height: 1000), preferencesStore: store, clock: clock)
    }
}

enum TestImages {
    /// A valid RGB PNG of `width` × `height` pixels (stored, uncompressed deflate).
    static func png(width: Int, height: Int) -> Data {
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(0)
            for x in 0..<width { raw += [UInt8(x * 255 / max(1, width - 1)), 80, 160] }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        zlib += be32((b << 16) | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    private static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return be32(UInt32(data.count)) + body + be32(~crc)
    }
}
