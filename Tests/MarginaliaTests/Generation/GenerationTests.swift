import Foundation
import Marginalia
import Testing

/// The parent of every PDF generation suite, so `swift test --filter Generation` runs them all.
@Suite("Generation")
struct GenerationTests {}

/// Outside programs that read the generated PDFs: qpdf, poppler's tools and PyMuPDF. They
/// are the oracles: a file they read as intended is a file other viewers will too.
enum OutsideTools {
    /// The path of `name` in the `PATH` (PyMuPDF may live in a pyenv or venv Python), or
    /// in the usual system folders.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
        return (path + ["/usr/bin", "/usr/local/bin"]).map { $0 + "/" + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether every oracle is installed (qpdf, poppler-utils, Python with PyMuPDF).
    static let available: Bool = {
        guard ["qpdf", "pdftotext", "pdfinfo", "pdftoppm", "python3"].allSatisfy({ find($0) != nil }) else { return false }
        return (try? run("python3", ["-c", "import pymupdf"]))?.status == 0
    }()

    /// Runs a tool and returns its exit status and standard output (standard error goes to
    /// a file, so a chatty tool cannot block on a full pipe).
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(find(tool), "\(tool) is not installed"))
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Writes `pdf` to a temporary file, runs `body` with its path, and removes it. With
    /// `MARGINALIA_KEEP_RENDERS=<directory>` in the environment the file is kept there as
    /// `<name>.pdf`, to be looked at.
    static func withFile<T>(_ pdf: Data, name: String = "generated", _ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marginalia-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("\(name).pdf").path
        try pdf.write(to: URL(fileURLWithPath: path))
        if let keep = ProcessInfo.processInfo.environment["MARGINALIA_KEEP_RENDERS"] {
            let target = URL(fileURLWithPath: keep).appendingPathComponent("\(name).pdf")
            try? FileManager.default.removeItem(at: target)
            try? FileManager.default.copyItem(atPath: path, toPath: target.path)
        }
        return try body(path)
    }

    /// The text pdftotext extracts from `pdf` (`-layout` off: reading order).
    static func text(of pdf: Data, page: Int? = nil) throws -> String {
        try withFile(pdf) { path in
            let range = page.map { ["-f", "\($0 + 1)", "-l", "\($0 + 1)"] } ?? []
            let result = try run("pdftotext", range + ["-enc", "UTF-8", path, "-"])
            try #require(result.status == 0, "pdftotext failed")
            return result.output
        }
    }

    /// The words pdftotext extracts, in order.
    static func words(of pdf: Data) throws -> [String] {
        try text(of: pdf).split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// `pdfinfo`'s fields, as `key: value` lines.
    static func info(of pdf: Data) throws -> [String: String] {
        try withFile(pdf) { path in
            let result = try run("pdfinfo", ["-enc", "UTF-8", path])
            try #require(result.status == 0, "pdfinfo failed")
            var fields: [String: String] = [:]
            for line in result.output.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return fields
        }
    }

    /// Runs a Python script with PyMuPDF imported and the PDF's path as `path`; the script
    /// prints JSON, which is returned decoded.
    static func pymupdf(_ pdf: Data, _ script: String) throws -> Any {
        try withFile(pdf) { path in
            let program = "import json, sys, pymupdf\npath = sys.argv[1]\ndoc = pymupdf.open(path)\n" + script
            let result = try run("python3", ["-c", program, path])
            try #require(result.status == 0, "the PyMuPDF script failed")
            return try JSONSerialization.jsonObject(with: Data(result.output.utf8), options: [.fragmentsAllowed])
        }
    }

    /// Renders page `page` of `pdf` at 72 dpi (one pixel per point) with pdftoppm.
    static func render(_ pdf: Data, page: Int = 0, name: String) throws -> RasterImage {
        try withFile(pdf, name: name) { path in
            let directory = (path as NSString).deletingLastPathComponent
            let stem = directory + "/render"
            let result = try run("pdftoppm", ["-png", "-r", "72", "-f", "\(page + 1)", "-l", "\(page + 1)",
                                              "-singlefile", path, stem])
            try #require(result.status == 0, "pdftoppm failed")
            if let keep = ProcessInfo.processInfo.environment["MARGINALIA_KEEP_RENDERS"] {
                let target = URL(fileURLWithPath: keep).appendingPathComponent("\(name)-\(page + 1).png")
                try? FileManager.default.removeItem(at: target)
                try? FileManager.default.copyItem(atPath: stem + ".png", toPath: target.path)
            }
            return try ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath: stem + ".png")))
        }
    }
}

/// Fonts and text the generation tests share.
enum GenerationFixtures {
    // New objects at each use (fonts are classes, not Sendable): bind one to a local when a
    // document should use the same font twice.
    static var helvetica: StandardFontFace { StandardFontFace(.helvetica) }
    static var times: StandardFontFace { StandardFontFace(.timesRoman) }
    static var courier: StandardFontFace { StandardFontFace(.courier) }

    /// `count` words of varied length, made deterministically (no two runs differ).
    static func words(_ count: Int) -> [String] {
        let syllables = ["lo", "rem", "ip", "sum", "do", "lor", "sit", "am", "et", "con", "sec", "te", "tur", "ad", "pis"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { index in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let length = Int((state >> 33) % 4) + 1
            var word = ""
            for step in 0..<length { word += syllables[Int((state >> UInt64(8 * step)) % UInt64(syllables.count))] }
            return index % 17 == 0 ? word.capitalized + "," : word
        }
    }

    /// The pixels of `image` in row `y`, as RGB triples.
    static func isDark(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool {
        let pixel = image.pixel(x, y).map(Int.init)
        return !pixel.isEmpty && pixel.reduce(0, +) / pixel.count < 128
    }
}
