import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// `GET /api/v1/fonts/widths`: the widths a text box's appearance writer measures text beyond
/// WinAnsi by, for the browser's engine to break its lines where the saved file does (issue 28,
/// "Drawn once").
@Suite("The writer's text widths over HTTP")
struct APIFontWidthsTests {
    private func path(_ text: String, font: String = "Helvetica") -> String {
        let allowed = CharacterSet.alphanumerics.subtracting(CharacterSet(charactersIn: "&=+"))
        return "/api/v1/fonts/widths?font=\(font)&text=\(text.addingPercentEncoding(withAllowedCharacters: allowed)!)"
    }

    @Test func theWritersWidthsAreAnsweredAndMayBeKept() throws {
        try withRealAPI { port, _ in
            let text = "Καλημέρα, мир\nCafe\u{301}"
            let answer = try TestHTTP.request(port: port, "GET", path(text, font: "Times-Bold"))
            #expect(answer.status == 200 && answer.headers["cache-control"] == "private, max-age=86400", "\(answer.headers)")
            let json = try answer.json()
            #expect(json["version"] as? Int == 1 && json["font"] as? String == "Times-Bold")
            let widths = try #require(json["widths"] as? [String: Any])
            let expected = try #require(try TextBoxWidths.written(for: text, font: "Times-Bold"))
            let paragraphs = try #require(widths["paragraphs"] as? [[Double]])
            #expect(paragraphs.count == 2 && paragraphs.map(\.count) == expected.paragraphs.map(\.count))
            for (got, want) in zip(paragraphs.joined(), expected.paragraphs.joined()) { #expect(abs(got - want) < 1e-6) }
            #expect(widths["ascent"] as? Double == expected.ascent && widths["descent"] as? Double == expected.descent)

            let plain = try TestHTTP.request(port: port, "GET", path("plain text")).json()
            #expect(plain["widths"] is NSNull, "a standard font draws WinAnsi text: the core measures it")
        }
    }

    @Test func aTextPastTheLimitOrNoneIsRefusedNamingIt() throws {
        try withRealAPI { port, _ in
            let long = try TestHTTP.request(port: port, "GET", path(String(repeating: "Ω", count: FontRoutes.maximumCharacters + 1)))
            #expect(long.status == 413)
            let message = ((try long.json()["error"] as? [String: Any])?["message"] as? String) ?? ""
            #expect(message.contains("text: 2001 characters, more than the limit of 2000"), "\(message)")
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/fonts/widths?font=Helvetica").status == 400)
        }
    }
}
