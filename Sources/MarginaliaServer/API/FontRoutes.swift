import Foundation
import Marginalia

/// `GET /api/v1/fonts/widths?font=NAME&text=TEXT` (docs/api.md, "Text widths"): the widths a
/// free text box's appearance measures `text` by when it draws it in embedded fonts
/// (``TextBoxWidths``, made by the writer's own code: `TextBoxWidths.written(for:font:)`), for
/// the browser's engine to lay a box under edit out as the saved file will (docs/engine.md,
/// "Drawn once"). They depend only on the text, the font and the fonts installed here, so the
/// answer may be kept (`Cache-Control: private, max-age=86400`).
public struct FontRoutes: Sendable {
    /// The most characters `text` may have: 2,000, whose query (at most 12 bytes a character
    /// percent-encoded) stays within the 32 KB a request's head may take
    /// (``HTTPServerConfiguration/headerMemoryLimit``); a longer text box is measured by the browser.
    /// The same limit holds for any text a query carries (``textQuery(_:_:)``).
    public static let maximumCharacters = 2_000

    public init() {}

    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        router.add("GET", prefix + "/fonts/widths", needs: .view) { request, _ in
            let widths = try Self.widths(request)
            return HTTPResponse.json(data: Data(JSONWriter.bytes(widths)))
                .adding(header: "Cache-Control", value: "private, max-age=86400")
        }
    }

    /// The query item `name` (nil when absent), at most ``maximumCharacters`` characters.
    ///
    /// - Throws: 413 naming the parameter and the limit when it is longer.
    static func textQuery(_ request: HTTPRequest, _ name: String) throws -> String? {
        guard let text = request.query(name) else { return nil }
        // Counted in Unicode scalars (each at most 12 bytes percent-encoded), as openapi.json's
        // `maxLength` counts them; a grapheme cluster may hold many.
        let count = text.unicodeScalars.count
        guard count <= maximumCharacters else {
            throw APIError(status: 413, code: "tooLarge",
                           message: "\(name): \(count) characters, more than the limit of \(maximumCharacters)")
        }
        return text
    }

    /// The answer: `{version: 1, font, widths}`, `widths` the ``TextBoxWidths`` JSON, or null
    /// when the writer draws the text in a standard font or cannot shape it here (HarfBuzz,
    /// FriBidi or the fonts not installed): the browser measures it then.
    ///
    /// - Throws: 400 without `text`, 413 naming the limit past ``maximumCharacters``
    ///   characters (Unicode scalars), 422 when HarfBuzz or FriBidi runs out of memory on it.
    static func widths(_ request: HTTPRequest) throws -> JSONValue {
        guard let text = try textQuery(request, "text") else { throw APIError.badRequest("text: expected the text to measure") }
        let font = StandardFont.resolve(request.query("font") ?? "Helvetica") ?? .helvetica
        let widths: TextBoxWidths?
        do {
            widths = try TextBoxWidths.written(for: text, font: font.rawValue)
        } catch let error as TextShapingError {
            switch error {
            case .libraryMissing, .unreadableFont:
                // This server cannot shape (a library or a font not installed): not the
                // text's fault; the browser measures it (docs/api.md).
                widths = nil
            case .outOfMemory:
                throw APIError(status: 422, code: "unprocessable", message: "text: \(error)")
            }
        }
        return .object([("version", .number(1)), ("font", .string(font.rawValue)), ("widths", widths?.json ?? .null)])
    }
}
