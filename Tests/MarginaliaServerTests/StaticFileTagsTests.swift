import Foundation
import Testing
@testable import MarginaliaServer

/// The static files' strong tags and the 304 a browser holding a copy gets (``StaticFileTags``):
/// what lets the editor's early fetch of pdf.js's worker script, and every later visit, reuse
/// the bytes it has (issue 36).
@Suite("Static files' tags")
struct StaticFileTagsTests {
    private func get(_ files: StaticFiles, _ path: String, _ headers: [String: String] = [:]) throws -> HTTPResponse {
        try #require(files.respond(to: HTTPRequest(method: "GET", path: path, headers: headers)))
    }

    @Test func aFileNamedByItsTagIsAnswered304WithoutItsBytes() throws {
        let web = try makeWebDirectory()
        defer { try? FileManager.default.removeItem(atPath: web) }
        let files = StaticFiles(webDirectory: web)
        let first = try get(files, "/app/js/app.js")
        #expect(first.status == 200)
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && !tag.hasPrefix("W/"), "a strong tag: \(tag)")
        #expect(first.header("Cache-Control") == "no-cache")
        #expect(try get(files, "/app/js/app.js").header("ETag") == tag)

        for condition in [tag, "\"other\", \(tag)", "*"] {
            let again = try get(files, "/app/js/app.js", ["if-none-match": condition])
            #expect(again.status == 304, "If-None-Match: \(condition)")
            #expect(again.header("ETag") == tag)
            #expect(again.header("Cache-Control") == "no-cache", "still asked about each time")
            guard case .data(let body) = again.body else { Issue.record("a 304 has an empty body"); continue }
            #expect(body.isEmpty)
        }
        let other = try get(files, "/app/js/app.js", ["if-none-match": "\"0123\""])
        #expect(other.status == 200)
        guard case .file = other.body else { Issue.record("another tag gets the file"); return }
    }

    @Test func theTagNamesTheBytesAndFollowsAChange() throws {
        let web = try makeWebDirectory()
        defer { try? FileManager.default.removeItem(atPath: web) }
        let files = StaticFiles(webDirectory: web)
        let script = URL(fileURLWithPath: web).appendingPathComponent("js/app.js")
        let before = try #require(try get(files, "/app/js/app.js").header("ETag"))
        #expect(before == Digest.entityTag(Data("export const x = 1;".utf8)))
        // The same length, so only the bytes (and the file's inode and time) differ.
        try Data("export const x = 2;".utf8).write(to: script, options: .atomic)
        let after = try get(files, "/app/js/app.js")
        #expect(after.header("ETag") == Digest.entityTag(Data("export const x = 2;".utf8)))
        #expect(try get(files, "/app/js/app.js", ["if-none-match": before]).status == 200, "the old copy is not confirmed")
        // Another server (another tag table) over the same bytes gives the same tag.
        #expect(try get(StaticFiles(webDirectory: web), "/app/js/app.js").header("ETag") == after.header("ETag"))
        // Rewritten in place with its modification time put back (`cp -p`, `rsync -t`): the
        // inode, size and time are the same, the status change time is not.
        var kept = stat()
        #expect(stat(script.path, &kept) == 0)
        var now = kept
        for round in 0..<100_000 where now.st_ctim.tv_sec == kept.st_ctim.tv_sec && now.st_ctim.tv_nsec == kept.st_ctim.tv_nsec {
            let handle = try FileHandle(forWritingTo: script)
            try handle.write(contentsOf: Data("export const x = \(round % 2 == 0 ? 5 : 7);".utf8))
            try handle.close()
            var times = [kept.st_atim, kept.st_mtim]
            #expect(utimensat(AT_FDCWD, script.path, &times, 0) == 0)
            #expect(stat(script.path, &now) == 0)
        }
        let written = try Data(contentsOf: script)
        #expect(now.st_ino == kept.st_ino && now.st_size == kept.st_size)
        #expect(now.st_mtim.tv_sec == kept.st_mtim.tv_sec && now.st_mtim.tv_nsec == kept.st_mtim.tv_nsec)
        #expect(try get(files, "/app/js/app.js").header("ETag") == Digest.entityTag(written))
    }

    /// Over the wire, pdf.js's worker script and the editor's page: the tag, then a 304 with
    /// no body on the same connection's terms.
    @Test func pdfjsWorkerAndThePageAreConfirmedOverHTTP() throws {
        try #require(StaticFiles.pdfjsProblem(in: StaticFiles.defaultPdfjsDirectory) == nil)
        try withRealAPI { port, _ in
            for path in ["/vendor/pdfjs/pdf.worker.mjs", "/"] {
                let whole = try TestHTTP.request(port: port, "GET", path)
                #expect(whole.status == 200, "\(path)")
                let tag = try #require(whole.headers["etag"], "\(path) has a tag")
                let confirmed = try TestHTTP.request(port: port, "GET", path, headers: ["If-None-Match": tag])
                #expect(confirmed.status == 304, "\(path)")
                #expect(confirmed.body.isEmpty, "\(path)")
                #expect(confirmed.headers["etag"] == tag, "\(path)")
            }
        }
    }
}
