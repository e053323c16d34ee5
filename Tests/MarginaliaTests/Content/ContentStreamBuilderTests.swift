import Foundation
import Testing
@testable import Marginalia

@Suite("Content stream builder")
struct ContentStreamBuilderTests {
    func text(_ content: ContentStreamBuilder) -> String { String(decoding: content.bytes, as: UTF8.self) }

    @Test func pathsKeepAThousandthOfAPoint() {
        var content = ContentStreamBuilder()
        content.move(CGPoint(x: 72, y: 400.0000001))
        content.curve(CGPoint(x: 72.261667, y: 403.591667), CGPoint(x: 73.048333, y: 414.666667), CGPoint(x: 73.57, y: 421.55))
        content.rectangle(CGRect(x: 0.5, y: 1.25, width: 100.0004, height: 20))
        content.lineWidth(1.5)
        #expect(text(content) == "72 400 m\n72.262 403.592 73.048 414.667 73.57 421.55 c\n0.5 1.25 100 20 re\n1.5 w\n")
    }

    /// After a `cm` that enlarges user space, lengths keep more decimals so that they still
    /// land within 0.0005 pt on the page; `Q` returns to three.
    @Test func enlargingTransformsKeepMoreDecimals() {
        var content = ContentStreamBuilder()
        content.save()
        content.concatenate(AffineTransform(m11: 250, m12: 0, m21: 0, m22: 250, tX: 10.00001, tY: 20))
        content.line(CGPoint(x: 0.1234567, y: 0.5))
        content.restore()
        content.line(CGPoint(x: 0.1234567, y: 0.5))
        content.concatenate(AffineTransform(m11: 0.7071067811, m12: 0.7071067811, m21: -0.7071067811, m22: 0.7071067811, tX: 0, tY: 0))
        content.line(CGPoint(x: 0.1234567, y: 0.5))
        #expect(text(content) == """
            q
            250 0 0 250 10 20 cm
            0.123457 0.5 l
            Q
            0.123 0.5 l
            0.707107 0.707107 -0.707107 0.707107 0 0 cm
            0.123 0.5 l

            """)
    }

    @Test func colourComponentsKeepSixDecimals() {
        var content = ContentStreamBuilder()
        content.fillColor([0.8, 0.878431, 1])
        #expect(text(content) == "0.8 0.878431 1 rg\n")
    }
}
