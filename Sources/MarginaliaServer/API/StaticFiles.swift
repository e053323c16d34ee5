import Foundation

/// The browser editor's files and the vendored pdf.js, read from disk on each request.
///
/// `GET /` is `index.html`, `GET /app/PATH` is `PATH` under the web directory, and
/// `GET /vendor/pdfjs/NAME` is `NAME` under the pdf.js directory, except that
/// `/vendor/pdfjs/standard_fonts/NAME` is the font files pdf.js ships for its viewer (the
/// editor draws the standard 14 fonts from them; `Web/js/pdfopen.js`). `GET /vendor/cmaps/NAME`
/// is the predefined CMap `NAME` (UniJIS-UCS2-H, GBK-EUC-H, …) from poppler-data's collections,
/// which pdf.js needs to draw CJK text in fonts that name one. `GET /vendor/fonts/NAME` is a
/// URW base 35 OpenType face (fonts-urw-base35): the Sign tool sets a typed signature in Z003.
/// A path with a `..`, `.` or
/// empty segment, a backslash or a NUL is refused before touching the disk, and the joined path
/// must still lie under its root after standardisation, so nothing outside can be read.
public struct StaticFiles: Sendable {
    /// The browser editor's folder (holds index.html).
    public let webDirectory: String
    /// Debian libjs-pdf's build folder.
    public let pdfjsDirectory: String
    /// Debian libjs-pdf's viewer folder, which holds `standard_fonts`.
    public let pdfjsViewerDirectory: String
    /// Debian poppler-data's CMap folder: one folder per character collection (Adobe-Japan1, …).
    public let cmapDirectory: String
    /// Debian fonts-urw-base35's OpenType folder.
    public let fontDirectory: String

    /// The Content-Security-Policy every HTML response carries (docs/api.md).
    /// `'wasm-unsafe-eval'` lets the page compile the editor engine's WebAssembly (nothing
    /// else: no `eval`, no inline scripts).
    public static let contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
        + "img-src 'self' data: blob:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; "
        + "base-uri 'none'; frame-ancestors 'none'"

    public init(webDirectory: String, pdfjsDirectory: String = "/usr/share/javascript/pdf/build",
                pdfjsViewerDirectory: String = "/usr/share/javascript/pdf/web",
                cmapDirectory: String = "/usr/share/poppler/cMap",
                fontDirectory: String = "/usr/share/fonts/opentype/urw-base35") {
        self.webDirectory = webDirectory
        self.pdfjsDirectory = pdfjsDirectory
        self.pdfjsViewerDirectory = pdfjsViewerDirectory
        self.cmapDirectory = cmapDirectory
        self.fontDirectory = fontDirectory
    }

    /// Whether `path` is one this type answers (the editor's page, its files, pdf.js, the
    /// CMaps and the fonts), whether or not the file exists: these need no token (``AccessControl``).
    public static func serves(_ path: String) -> Bool {
        path == "/" || path == "/index.html" || path.hasPrefix("/app/") || path.hasPrefix("/vendor/pdfjs/")
            || path.hasPrefix("/vendor/cmaps/") || path.hasPrefix("/vendor/fonts/")
    }

    /// The response for a static path, or nil when the path is not a static one.
    public func respond(to request: HTTPRequest) -> HTTPResponse? {
        let path = request.path
        guard Self.serves(path) else { return nil }
        let found: (root: String, relative: String)?
        if path == "/" || path == "/index.html" {
            found = (webDirectory, "index.html")
        } else if path.hasPrefix("/app/") {
            found = (webDirectory, String(path.dropFirst("/app/".count)))
        } else if path.hasPrefix("/vendor/pdfjs/") {
            let relative = String(path.dropFirst("/vendor/pdfjs/".count))
            found = relative.hasPrefix("standard_fonts/")
                ? (pdfjsViewerDirectory + "/standard_fonts", String(relative.dropFirst("standard_fonts/".count)))
                : (pdfjsDirectory, relative)
        } else if path.hasPrefix("/vendor/cmaps/") {
            found = cmapCollection(holding: String(path.dropFirst("/vendor/cmaps/".count)))
        } else if path.hasPrefix("/vendor/fonts/") {
            found = (fontDirectory, String(path.dropFirst("/vendor/fonts/".count)))
        } else {
            found = nil
        }
        guard let found else { return nil }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .apiError(APIError.methodNotAllowed(request.method, path)).adding(header: "Allow", value: "GET, HEAD")
        }
        guard let file = Self.resolve(found.relative, under: found.root) else {
            return .apiError(APIError.notFound("no such file: \(path)"))
        }
        let type = Self.contentType(of: file)
        var headers: [(name: String, value: String)] = [("Content-Type", type), ("Cache-Control", "no-cache")]
        if type.hasPrefix("text/html") {
            headers.append(("Content-Security-Policy", Self.contentSecurityPolicy))
        }
        return HTTPResponse(status: 200, headers: headers, body: .file(path: file))
    }

    /// The root and name of the predefined CMap `name` (the collection folder that holds it;
    /// the first in name order when several do), or the first collection when none does, so
    /// that the lookup below answers 404 for it as for any missing file.
    private func cmapCollection(holding name: String) -> (root: String, relative: String)? {
        let collections = ((try? FileManager.default.contentsOfDirectory(atPath: cmapDirectory)) ?? []).sorted()
        guard !collections.isEmpty else { return nil }
        let roots = collections.map { cmapDirectory + "/" + $0 }
        let root = roots.first { Self.resolve(name, under: $0) != nil } ?? roots[0]
        return (root, name)
    }

    /// The file for `relative` under `root`, or nil when it is unsafe or not a regular file.
    static func resolve(_ relative: String, under root: String) -> String? {
        guard !relative.isEmpty, !relative.contains("\0"), !relative.contains("\\") else { return nil }
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let joined = URL(fileURLWithPath: base).appendingPathComponent(relative).standardizedFileURL.path
        guard joined.hasPrefix(base.hasSuffix("/") ? base : base + "/") else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: joined, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        return joined
    }

    /// The media type for a file name's extension.
    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json", "map": return "application/json; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        case "ttf": return "font/ttf"
        case "otf": return "font/otf"
        case "pdf": return "application/pdf"
        case "wasm": return "application/wasm"
        case "txt", "md": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}
