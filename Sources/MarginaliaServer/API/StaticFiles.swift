import Foundation

/// The browser editor's files and the pdf.js it draws pages with, read from disk on each request.
///
/// `GET /` is `index.html`, `GET /app/PATH` is `PATH` under the web directory, and
/// `GET /vendor/pdfjs/NAME` is `NAME` under the pdf.js directory: pdf.js 6 as
/// `scripts/install-deps.sh` installs it (`pdf.mjs`, `pdf.worker.mjs`, and the folders pdf.js
/// fetches from: `cmaps/`, `standard_fonts/`, `wasm/`, `iccs/`; `Web/js/pdfjs.js`).
/// `GET /vendor/fonts/NAME` is a URW base 35 OpenType face (fonts-urw-base35): the Sign tool
/// sets a typed signature in Z003. A path with a `..`, `.` or empty segment, a backslash or a
/// NUL is refused before touching the disk, and the joined path must still lie under its root
/// after standardisation, so nothing outside can be read.
///
/// Every file is sent `Cache-Control: no-cache` (a browser may keep it but asks again each
/// time, so a new editor is never mixed with an old one) with a strong `ETag`
/// (``StaticFileTags``); a request whose `If-None-Match` names it is answered 304 with no body.
public struct StaticFiles: Sendable {
    /// The pdf.js release the editor is written for (`scripts/install-deps.sh` installs it).
    public static let pdfjsVersion = "6.4.299"
    /// Where `scripts/install-deps.sh` puts pdf.js, and where the server looks by default.
    public static let defaultPdfjsDirectory = "/usr/local/share/marginalia/pdfjs-\(pdfjsVersion)"

    /// The browser editor's folder (holds index.html).
    public let webDirectory: String
    /// pdf.js's folder: `pdf.mjs`, `pdf.worker.mjs`, `cmaps/`, `standard_fonts/`, `wasm/`, `iccs/`.
    public let pdfjsDirectory: String
    /// Debian fonts-urw-base35's OpenType folder.
    public let fontDirectory: String
    /// The files' tags, shared by every copy of this value.
    let tags = StaticFileTags()

    /// The Content-Security-Policy every HTML response carries (docs/api.md).
    /// `'wasm-unsafe-eval'` lets the page compile the editor engine's WebAssembly (nothing
    /// else: no `eval`, no inline scripts).
    public static let contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
        + "img-src 'self' data: blob:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; "
        + "base-uri 'none'; frame-ancestors 'none'"

    public init(webDirectory: String, pdfjsDirectory: String = StaticFiles.defaultPdfjsDirectory,
                fontDirectory: String = "/usr/share/fonts/opentype/urw-base35") {
        self.webDirectory = webDirectory
        self.pdfjsDirectory = pdfjsDirectory
        self.fontDirectory = fontDirectory
    }

    /// Whether `path` is one this type answers (the editor's page, its files, pdf.js and the
    /// fonts), whether or not the file exists: these need no token (``AccessControl``).
    public static func serves(_ path: String) -> Bool {
        path == "/" || path == "/index.html" || path.hasPrefix("/app/") || path.hasPrefix("/vendor/pdfjs/")
            || path.hasPrefix("/vendor/fonts/")
    }

    /// Why pdf.js cannot be served from `directory`, with what to do about it; nil when its
    /// `pdf.mjs` is there.
    public static func pdfjsProblem(in directory: String) -> String? {
        if FileManager.default.fileExists(atPath: directory + "/pdf.mjs") { return nil }
        return "pdf.js \(pdfjsVersion) is not installed in \(directory): run scripts/install-deps.sh, "
            + "or give its folder with --pdfjs DIR or MARGINALIA_PDFJS"
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
            found = (pdfjsDirectory, String(path.dropFirst("/vendor/pdfjs/".count)))
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
            if found.root == pdfjsDirectory, let problem = Self.pdfjsProblem(in: pdfjsDirectory) {
                return .apiError(APIError.notFound("no such file: \(path) (\(problem))"))
            }
            return .apiError(APIError.notFound("no such file: \(path)"))
        }
        let type = Self.contentType(of: file)
        var headers: [(name: String, value: String)] = [("Cache-Control", "no-cache")]
        if type.hasPrefix("text/html") {
            headers.append(("Content-Security-Policy", Self.contentSecurityPolicy))
        }
        guard let tag = tags.tag(of: file) else {
            return HTTPResponse(status: 200, headers: [("Content-Type", type)] + headers, body: .file(path: file))
        }
        headers.append(("ETag", tag))
        if let condition = request.header("If-None-Match"), FileResponse.matches(condition, tag) {
            return HTTPResponse(status: 304, headers: headers, body: .data(Data()))
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", type)] + headers, body: .file(path: file))
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
