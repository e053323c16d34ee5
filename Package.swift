// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Marginalia",
    products: [
        .library(name: "MarginaliaCore", targets: ["MarginaliaCore"]),
        .library(name: "PDFCore", targets: ["PDFCore"]),
        .library(name: "Marginalia", targets: ["Marginalia"]),
        .library(name: "MarginaliaEditor", targets: ["MarginaliaEditor"]),
        .library(name: "MarginaliaServer", targets: ["MarginaliaServer"]),
        .library(name: "MarginaliaRender", targets: ["MarginaliaRender"]),
        .executable(name: "marginalia", targets: ["MarginaliaCLI"]),
    ],
    targets: [
        // C libraries. zlib and libdeflate through module maps (Debian: zlib1g-dev,
        // libdeflate-dev); libcrypto, libpng, SQLite, libpq, libmicrohttpd, cairo and libjpeg through
        // shims that load them on their first call (CLazyLibrary): most commands need none of
        // them, and loading them cost every command its start-up time.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // Compression for the writers: zlib-format output like zlib's, smaller and in well
        // under half the time (docs/benchmarks.md).
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate"),
        .target(name: "CLazyLibrary"),
        .target(name: "CCrypto", dependencies: ["CLazyLibrary"]),
        .target(name: "CPNG", dependencies: ["CLazyLibrary"]),
        // /BrotliDecode streams (Debian: libbrotli-dev), loaded on the first such stream.
        .target(name: "CBrotli", dependencies: ["CLazyLibrary"]),
        // Server only (libmicrohttpd-dev, libsqlite3-dev). MHD's variadic calls go through
        // the shim too.
        .target(name: "CSQLite", dependencies: ["CLazyLibrary"]),
        // The PostgreSQL store for replicas (Debian: libpq-dev), loaded on first use too.
        .target(name: "CLibPQ", dependencies: ["CLazyLibrary"]),
        .target(name: "CMicroHTTPD", dependencies: ["CLazyLibrary"]),
        // The renderer only (Debian: libcairo2-dev, libjpeg-dev), loaded on first use too;
        // libjpeg's longjmp errors go through a tiny C shim.
        .target(name: "CCairo", dependencies: ["CLazyLibrary"]),
        .target(name: "CJPEG", dependencies: ["CLazyLibrary"]),
        // Photos and scans in other formats, each loaded on the first such image: HEIC/HEIF
        // (libheif-dev), WebP (libwebp-dev), GIF (libgif-dev), TIFF (libtiff-dev). libjpeg
        // too: a JPEG turned by its EXIF orientation is decoded and turned.
        .target(name: "CHEIF", dependencies: ["CLazyLibrary"]),
        .target(name: "CWebP", dependencies: ["CLazyLibrary"]),
        .target(name: "CGIF", dependencies: ["CLazyLibrary"]),
        .target(name: "CTIFF", dependencies: ["CLazyLibrary"]),
        // Text in every script (docs/text-layout.md): shaping with HarfBuzz (libharfbuzz-dev) and
        // the bidirectional algorithm with FriBidi (libfribidi-dev), each loaded on the first
        // text that needs it. Marginalia only: the WebAssembly core draws no text.
        .target(name: "CHarfBuzz", dependencies: ["CLazyLibrary"]),
        .target(name: "CFriBidi", dependencies: ["CLazyLibrary"]),
        // glibc's allocator setting (mallopt) that keeps the server's resident memory near
        // what its memory budget counts (docs/server-robustness.md, "Memory").
        .target(name: "CMalloc"),

        // The editor engine's decisions, Foundation-free: geometry, strokes, hit tests, erasers,
        // selection, tools, input routing, viewport, the command protocol. It also builds with
        // Embedded Swift for wasm32 (scripts/build-wasm.sh), which the browser editor runs.
        .target(name: "MarginaliaCore"),
        // Foundation's geometry types for the Embedded build of the core; natively only its
        // tests use it (they hold it against Foundation's).
        .target(name: "CoreShim"),
        // PDF syntax: objects, lexer, parser, cross-reference, filters, security, writers.
        .target(name: "PDFCore", dependencies: ["CZlib", "CDeflate", "CCrypto", "CBrotli"]),
        // The public document model: documents, pages, metadata, page operations, images.
        .target(name: "Marginalia", dependencies: ["MarginaliaCore", "PDFCore", "CPNG", "CJPEG", "CHEIF", "CWebP",
                                                  "CGIF", "CTIFF", "CHarfBuzz", "CFriBidi", "CLazyLibrary"]),
        // The headless editor engine: input, tools, viewport, undo, operations.
        .target(name: "MarginaliaEditor", dependencies: ["Marginalia"]),
        // Rendering to PNG with cairo: pages of image documents and single annotations, drawn
        // from the engine's own content and appearance streams.
        .target(name: "MarginaliaRender", dependencies: ["Marginalia", "PDFCore", "CCairo", "CJPEG"]),
        // The server: HTTP (libmicrohttpd), the document store (SQLite + files, or PostgreSQL
        // for replicas), the JSON API and the browser editor's static files.
        .target(name: "MarginaliaServer", dependencies: ["MarginaliaEditor", "Marginalia", "MarginaliaRender", "CMicroHTTPD", "CSQLite", "CLibPQ",
                                                   "CCrypto", "CMalloc"]),
        // The `marginalia` command-line tool.
        .executableTarget(
            name: "MarginaliaCLI",
            dependencies: ["Marginalia", "PDFCore", "MarginaliaServer", "MarginaliaRender"]
        ),

        // The editor engine's benchmark (Benchmarks/run_editor.py runs it in a release build).
        // The engine core's calls timed natively, next to its WebAssembly build in the browser
        // (Benchmarks/run_engine.py).
        .executableTarget(name: "MarginaliaEngineBench", dependencies: ["MarginaliaCore"], path: "Benchmarks/EngineBench"),
        .executableTarget(name: "MarginaliaEditorBench", dependencies: ["Marginalia", "MarginaliaEditor"],
                          path: "Benchmarks/EditorBench"),
        // An open-loop HTTP load generator (Benchmarks/run_server.py): latency from each request's due time.
        .executableTarget(name: "MarginaliaLoadBench", path: "Benchmarks/LoadBench"),

        .testTarget(name: "MarginaliaCoreTests", dependencies: ["MarginaliaCore", "CoreShim"]),
        .testTarget(name: "PDFCoreTests", dependencies: ["PDFCore", "CZlib"], exclude: ["Security/make_fixtures.py"]),
        .testTarget(name: "MarginaliaTests", dependencies: ["Marginalia", "PDFCore"]),
        .testTarget(name: "MarginaliaEditorTests", dependencies: ["MarginaliaEditor", "Marginalia"]),
        .testTarget(name: "MarginaliaRenderTests", dependencies: ["MarginaliaRender", "Marginalia", "PDFCore"]),
        .testTarget(name: "MarginaliaServerTests", dependencies: ["MarginaliaServer", "MarginaliaEditor", "Marginalia"]),
        // The command line's own reading of options (most of the CLI is tested by running it:
        // Tests/oracles, Tests/server).
        .testTarget(name: "MarginaliaCLITests", dependencies: ["MarginaliaCLI", "MarginaliaServer"]),
    ]
)

// libFuzzer targets (issue 8), built only by scripts/fuzz.sh (MARGINALIA_FUZZ=1 with
// -sanitize=fuzzer): without the fuzzer runtime they have no `main` and would not link.
if Context.environment["MARGINALIA_FUZZ"] != nil {
    let fuzzTargets: [(String, [Target.Dependency])] = [
        ("FuzzPDFFile", ["PDFCore"]),
        ("FuzzFilters", ["PDFCore"]),
        ("FuzzDocument", ["Marginalia"]),
        ("FuzzContentStream", ["PDFCore"]),
        ("FuzzAcroForm", ["Marginalia"]),
        ("FuzzAnnotationJSON", ["Marginalia"]),
        ("FuzzXFDF", ["Marginalia"]),
        ("FuzzOperation", ["Marginalia", "MarginaliaEditor", "MarginaliaServer"]),
        ("FuzzEditorEvents", ["Marginalia", "MarginaliaEditor"]),
        ("FuzzRender", ["Marginalia", "MarginaliaRender", "PDFCore"]),
        ("FuzzText", ["Marginalia"]),
        ("FuzzHTTP", ["Marginalia", "MarginaliaServer", "CMicroHTTPD"]),
        ("FuzzImages", ["Marginalia"]),
    ]
    for (name, dependencies) in fuzzTargets {
        package.targets.append(.executableTarget(name: name, dependencies: dependencies, path: "Fuzz/\(name)"))
    }
}
