import Foundation
import PDFCore

/// The text of the pages read most recently (a few, so that asking for a page's string and
/// then its character bounds reads the page once), valid while the document is unchanged.
struct PageTextCache {
    static let capacity = 16
    private var entries: [(page: Int, changeCount: Int, text: PageText)] = []
    /// The fonts read so far, shared by the pages (a document's fonts are read once), and the
    /// change count they were read at.
    private var fonts: (loader: TextFontLoader, changeCount: Int)?

    /// The buffers of the last page read, lent to the next: a page's glyphs and characters take
    /// hundreds of kilobytes, and allocating them afresh for each page had the allocator give
    /// the memory back to the system and fault it in again every time (four `brk` calls a
    /// page: more system time than the whole layout of a 2,000-page document).
    var buffers = PageTextBuffers()

    /// The font loader for the document as it is now.
    mutating func fontLoader(for file: PDFFile) -> TextFontLoader {
        if let fonts, fonts.changeCount == file.changeCount { return fonts.loader }
        let loader = TextFontLoader(file: file)
        fonts = (loader, file.changeCount)
        return loader
    }

    func text(ofPage index: Int, changeCount: Int) -> PageText? {
        entries.first { $0.page == index && $0.changeCount == changeCount }?.text
    }

    mutating func store(_ text: PageText, changeCount: Int) {
        entries.removeAll { $0.page == text.pageIndex || $0.changeCount != changeCount }
        if entries.count >= Self.capacity { entries.removeFirst() }
        entries.append((text.pageIndex, changeCount, text))
    }
}

/// What reading a page fills, kept from page to page in ``PageTextCache/buffers``: the
/// glyphs its content shows and the characters they make.
struct PageTextBuffers {
    /// Buffers larger than this many elements (some 6 and 11 MB) are freed after their page.
    static let keptGlyphs = 1 << 16
    var glyphs: [ShownGlyph] = []
    var characters: [LayoutCharacter] = []
}

extension PDFDocument {
    /// The text of page `index` with where every character is: words, lines and blocks in
    /// reading order (see ``PageText``).
    ///
    /// The page's content streams are read as a renderer reads them (text state, form
    /// XObjects, every kind of font; 9.2-9.10); nothing is drawn. Glyphs whose fonts give no
    /// text are counted in ``PageText/unmappedGlyphCount`` and shown as U+FFFD, never
    /// guessed. Text outside the crop box is left out, as viewers do. The result is cached
    /// while the document is unchanged.
    ///
    /// - Throws: ``PDFError/invalidArgument(_:)`` for an index out of range;
    ///   ``PDFError/limitExceeded(_:limit:max:)`` when the page's content passes
    ///   ``PDFLimits/maxContentOperations`` or a decoding limit; other ``PDFError``s when the
    ///   page's content cannot be read at all.
    public func text(ofPage index: Int) throws -> PageText {
        if let cached = textCache.text(ofPage: index, changeCount: file.changeCount) { return cached }
        let page = try self.page(at: index, readingAnnotations: false)
        let text = try readText(of: page, fonts: textCache.fontLoader(for: file))
        textCache.store(text, changeCount: file.changeCount)
        return text
    }

    /// The text of page `index` as a string alone, exactly ``PageText/string`` of
    /// ``text(ofPage:)``, without the characters, words and boxes that come with it: what to
    /// ask for when only the string is wanted. A page whose ``PageText`` is cached is not read
    /// again; the string is not cached.
    ///
    /// - Throws: what ``text(ofPage:)`` throws.
    public func string(ofPage index: Int) throws -> PageString {
        if let cached = textCache.text(ofPage: index, changeCount: file.changeCount) {
            return PageString(pageIndex: index, string: cached.string, unmappedGlyphCount: cached.unmappedGlyphCount)
        }
        let page = try self.page(at: index, readingAnnotations: false)
        let fonts = textCache.fontLoader(for: file)
        return try withTextBuffers { buffers in
            let shown = try interpretText(of: page, fonts: fonts, &buffers)
            return Self.textLayout(of: page).layoutString(buffers.glyphs, strings: shown.strings,
                                                          characters: &buffers.characters, pageIndex: page.index)
        }
    }

    /// Reads one page with a font loader that may be shared between pages.
    func readText(of page: PDFPage, fonts: TextFontLoader) throws -> PageText {
        try withTextBuffers { buffers in
            let shown = try interpretText(of: page, fonts: fonts, &buffers)
            return Self.textLayout(of: page).layout(buffers.glyphs, strings: shown.strings, fontNames: shown.fontNames,
                                                    characters: &buffers.characters, pageIndex: page.index)
        }
    }

    /// Runs `body` with the document's page buffers, taken out of the cache while it runs (so
    /// that they are not copied when written) and put back after, unless a page of more than
    /// ``PageTextBuffers/keptGlyphs`` glyphs grew them: an open document does not hold on to
    /// the memory of its largest page.
    private func withTextBuffers<Result>(_ body: (inout PageTextBuffers) throws -> Result) rethrows -> Result {
        var buffers = PageTextBuffers()
        swap(&buffers, &textCache.buffers)
        defer {
            if buffers.glyphs.capacity <= PageTextBuffers.keptGlyphs && buffers.characters.capacity <= PageTextBuffers.keptGlyphs {
                swap(&buffers, &textCache.buffers)
            }
        }
        return try body(&buffers)
    }

    /// Reads the glyphs the page shows (its content, then its annotations' appearances) into
    /// `buffers.glyphs`; returns their texts longer than a scalar and their fonts' names.
    private func interpretText(of page: PDFPage, fonts: TextFontLoader,
                               _ buffers: inout PageTextBuffers) throws -> (strings: PageStrings, fontNames: [String]) {
        var interpreter = TextInterpreter(file: file, fonts: fonts, glyphs: &buffers.glyphs)
        defer { interpreter.returnGlyphs(to: &buffers.glyphs) }
        let resources = try file.dictionary(page.effectiveAttributes["Resources"])
        let content = try contentData(of: page)
        interpreter.reserveGlyphs(forContentBytes: content.count)
        try interpreter.run(content, resources: resources, state: TextInterpreter.GraphicsState())
        let appearances = try self.appearances(on: page)
        if !appearances.isEmpty {
            let formResources = try file.dictionary(try file.dictionary(file.catalog()["AcroForm"])?["DR"])
            for (appearance, transform) in appearances {
                try interpreter.drawAppearance(appearance, transform: transform, fallbackResources: formResources)
            }
        }
        return (interpreter.strings, interpreter.fontNames)
    }

    private static func textLayout(of page: PDFPage) -> PageTextLayout {
        PageTextLayout(expander: CharacterExpander(cropBox: page.bounds(for: .cropBox), rotation: page.rotation))
    }

    /// The normal appearance streams of the page's visible annotations (popups aside), with
    /// the transformations that place them (12.5.5): their text is on the page as shown.
    private func appearances(on page: PDFPage) throws -> [(PDFObject, TextMatrix)] {
        guard page.dictionary["Annots"] != nil else { return [] }
        var result: [(PDFObject, TextMatrix)] = []
        for annotation in try annotations(onPage: page.index) {
            guard annotation.annotationSubtype != .popup, !annotation.flags.contains(.hidden), !annotation.flags.contains(.noView),
                  var normal = try file.resolve(annotation.dictionary["AP"] ?? .null).dictionaryValue?["N"] else { continue }
            let resolved = try file.resolve(normal)
            if resolved.streamValue == nil {
                guard let states = resolved.dictionaryValue,
                      let state = annotation.dictionary["AS"]?.nameValue, let chosen = states[state] else { continue }
                normal = chosen
            }
            guard case .stream(let form) = try file.resolve(normal) else { continue }
            let placement = self.placement(of: form.dictionary, in: annotation, pageRotation: page.rotation)
            result.append((normal, TextMatrix(Double(placement.m11), Double(placement.m12), Double(placement.m21),
                                                 Double(placement.m22), Double(placement.tX), Double(placement.tY))))
        }
        return result
    }

    /// Every occurrence of `string` in the document, page by page in reading order, each a
    /// selection with its quads. Like PDFKit's `findString(_:withOptions:)`.
    ///
    /// - Parameter options: case and diacritic folding, whole words (default: case-insensitive).
    /// - Throws: what ``text(ofPage:)`` throws for a page that cannot be read.
    public func findString(_ string: String, options: TextSearchOptions = [.caseInsensitive]) throws -> [PDFSelection] {
        guard let matcher = TextMatcher(string, options: options) else { return [] }
        var result: [PDFSelection] = []
        let fonts = textCache.fontLoader(for: file)
        for index in 0..<(try pageCount) {
            let text: PageText
            if let cached = textCache.text(ofPage: index, changeCount: file.changeCount) {
                text = cached
            } else {
                text = try readText(of: try page(at: index, readingAnnotations: false), fonts: fonts)
            }
            result += text.selections(matching: matcher)
        }
        return result
    }
}

extension PageText {
    /// Every occurrence of `string` on this page, in reading order.
    public func findString(_ string: String, options: TextSearchOptions = [.caseInsensitive]) -> [PDFSelection] {
        guard let matcher = TextMatcher(string, options: options) else { return [] }
        return selections(matching: matcher)
    }

    func selections(matching matcher: TextMatcher) -> [PDFSelection] {
        let words = self.words
        return matcher.matches(in: words).map { match in
            PDFSelection(string: TextMatcher.text(of: match, in: words),
                         spans: [.init(pageIndex: pageIndex, quads: TextMatcher.quads(of: match, in: words))])
        }
    }

    /// The text whose characters' centres lie in `rect` (page space), in reading order, with
    /// a quad for each run of selected characters in a word; nil when there is none. Like
    /// PDFKit's `PDFPage.selection(for:)`.
    public func selection(for rect: CGRect) -> PDFSelection? {
        var quads: [TextQuad] = []
        var lines: [String] = []
        for line in self.lines {
            var pieces: [String] = []
            for word in line.words {
                var first: Int? = nil, last = 0
                var text = ""
                for (offset, index) in word.characterRange.enumerated() {
                    let bounds = characters[index].quad.bounds
                    guard rect.contains(CGPoint(x: bounds.midX, y: bounds.midY)) else { continue }
                    if first == nil { first = offset }
                    last = offset + 1
                    text += characters[index].text
                }
                guard let first else { continue }
                quads.append(word.quad.portion(from: word.characterEdges[first], to: word.characterEdges[last]))
                pieces.append(text)
            }
            if !pieces.isEmpty { lines.append(pieces.joined(separator: " ")) }
        }
        guard !quads.isEmpty else { return nil }
        return PDFSelection(string: lines.joined(separator: "\n"), spans: [.init(pageIndex: pageIndex, quads: quads)])
    }
}
