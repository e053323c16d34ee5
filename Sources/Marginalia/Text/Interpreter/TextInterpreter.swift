import Foundation
import PDFCore

/// Reads a page's content streams for text, as a renderer reads them for drawing (ISO
/// 32000-2, 9.3 and 9.4): the graphics and text state, the text operators, and form
/// XObjects, but nothing is drawn. What it finds is a list of ``ShownGlyph``s in content order.
///
/// Bounded: operators and glyphs together by ``PDFLimits/maxContentOperations`` (forms
/// counted each time they are drawn), decoding by the document's budget, forms nested at most
/// ``maximumFormDepth`` deep and never through themselves. A damaged token is skipped, as
/// renderers do; a font that cannot be read leaves its glyphs unmapped.
struct TextInterpreter {
    /// How deep form XObjects may nest.
    static let maximumFormDepth = 32

    struct GraphicsState {
        var ctm = TextMatrix.identity
        var font: TextFont?
        var fontSize = 0.0
        var characterSpacing = 0.0
        var wordSpacing = 0.0
        var horizontalScaling = 1.0
        var leading = 0.0
        var rise = 0.0
    }

    let file: PDFFile
    let fonts: TextFontLoader
    private(set) var glyphs: [ShownGlyph] = []
    /// The glyphs' texts longer than a scalar.
    private(set) var strings = PageStrings()
    /// The names of the fonts the glyphs use, which ``ShownGlyph/font`` indexes.
    private(set) var fontNames: [String] = []
    private var fontIndexes: [ObjectIdentifier: Int32] = [:]
    private(set) var operationCount = 0
    private var formsDrawing = Set<PDFReference>()
    private var formContent: [PDFReference: [UInt8]] = [:]
    /// When set, what each operator puts on the page is recorded here (for redaction).
    var footprint: ContentFootprint?
    /// The forms being drawn, outermost first, while ``footprint`` is recorded.
    var currentRoute: [FormStep] = []
    /// Where the string being shown comes from, while ``footprint`` is recorded.
    var currentSource = (operation: 0, element: 0)

    init(file: PDFFile, fonts: TextFontLoader) {
        self.file = file
        self.fonts = fonts
    }

    /// An interpreter that shows glyphs into `buffer`'s storage (emptied, its capacity kept),
    /// which it holds until ``returnGlyphs(to:)``.
    init(file: PDFFile, fonts: TextFontLoader, glyphs buffer: inout [ShownGlyph]) {
        self.init(file: file, fonts: fonts)
        swap(&glyphs, &buffer)
        glyphs.removeAll(keepingCapacity: true)
    }

    /// Hands the glyphs shown so far to `buffer`, leaving none here.
    mutating func returnGlyphs(to buffer: inout [ShownGlyph]) {
        buffer = []
        swap(&glyphs, &buffer)
    }

    /// Interprets `content` with `resources`, starting from `state`.
    ///
    /// - Throws: ``PDFError/limitExceeded(_:limit:max:)`` past a limit; other errors of reading
    ///   objects the content refers to.
    /// Makes room for the glyphs of a content stream of `count` bytes (a glyph takes at least
    /// one byte of it; plain text about two), so that the list is not copied as it grows.
    mutating func reserveGlyphs(forContentBytes count: Int) {
        glyphs.reserveCapacity(min(count / 2, 1 << 16))
    }

    mutating func run(_ content: [UInt8], resources: PDFDictionary?, state initial: GraphicsState, depth: Int = 0) throws {
        // Reading bytes is work too, operators or not: a form of 200 MiB of spaces drawn 5,000
        // times must stop as one of 200 MiB of operators does.
        try count(content.count / Self.bytesPerOperation)
        var parser = ContentStreamParser(bytes: content, limits: file.limits)
        var state = initial
        var saved: [GraphicsState] = []
        var textMatrix = TextMatrix.identity
        var lineMatrix = TextMatrix.identity
        var markedContent: [(Int, String)?] = []
        var path = PathInProgress()
        while let operation = try parser.nextReadable() {
            try count(1)
            let operands = operation.operands
            currentSource = (operation.offset, 0)
            if footprint != nil { recordDrawing(operation, state.ctm, &path) }
            func number(_ index: Int) -> Double? {
                guard index < operands.count, let value = operands[index].numberValue, value.isFinite else { return nil }
                return value
            }
            let textOperator = TextOperator(operation.name)
            switch textOperator {
            case .save?:
                if saved.count < 4_096 { saved.append(state) }
            case .restore?:
                if let last = saved.popLast() { state = last }
            case .concatenate?:
                if let matrix = TextMatrix(operands) { state.ctm = matrix.concatenating(state.ctm) }
            case .beginText?:
                textMatrix = .identity
                lineMatrix = .identity
            case .characterSpacing?: if let value = number(0) { state.characterSpacing = value }
            case .wordSpacing?: if let value = number(0) { state.wordSpacing = value }
            case .horizontalScaling?: if let value = number(0) { state.horizontalScaling = value / 100 }
            case .leading?: if let value = number(0) { state.leading = value }
            case .rise?: if let value = number(0) { state.rise = value }
            case .font?:
                if let name = operands.first?.nameValue, let size = number(1) {
                    state.fontSize = size
                    state.font = try font(named: name, in: resources)
                }
            case .moveLine?, .moveLineSettingLeading?:
                if let x = number(0), let y = number(1) {
                    if textOperator == .moveLineSettingLeading { state.leading = -y }
                    lineMatrix = lineMatrix.translated(x, y)
                    textMatrix = lineMatrix
                }
            case .textMatrix?:
                if let matrix = TextMatrix(operands) {
                    lineMatrix = matrix
                    textMatrix = matrix
                }
            case .nextLine?:
                lineMatrix = lineMatrix.translated(0, -state.leading)
                textMatrix = lineMatrix
            case .show?:
                if let bytes = operands.last?.stringBytes { try show(bytes, state, &textMatrix) }
            case .nextLineShow?, .nextLineSpacedShow?:
                if textOperator == .nextLineSpacedShow, let word = number(0), let character = number(1) {
                    state.wordSpacing = word
                    state.characterSpacing = character
                }
                lineMatrix = lineMatrix.translated(0, -state.leading)
                textMatrix = lineMatrix
                if let bytes = operands.last?.stringBytes { try show(bytes, state, &textMatrix) }
            case .showArray?:
                for (element, item) in (operands.last?.arrayValue ?? []).enumerated() {
                    currentSource.element = element
                    if let bytes = item.stringBytes {
                        try show(bytes, state, &textMatrix)
                    } else if let adjustment = item.numberValue, adjustment.isFinite {
                        let shift = -adjustment / 1000 * state.fontSize
                        textMatrix = state.font?.isVertical == true
                            ? textMatrix.translated(0, shift)
                            : textMatrix.translated(shift * state.horizontalScaling, 0)
                    }
                }
            case .graphicsState?:
                if let name = operands.first?.nameValue, let graphics = try dictionary(resources, "ExtGState", name),
                   let fontEntry = try file.resolve(graphics["Font"] ?? .null).arrayValue, fontEntry.count == 2,
                   let size = fontEntry[1].numberValue {
                    state.font = try fonts.font(fontEntry[0], resourceName: name)
                    state.fontSize = size
                }
            case .beginMarked?:
                markedContent.append(nil)
            case .beginMarkedProperties?:
                markedContent.append(try actualText(operands.last, resources).map { (glyphs.count, $0) })
            case .endMarked?:
                if let last = markedContent.popLast(), let (start, text) = last { replaceWithActualText(from: start, text) }
            case .drawObject?:
                if let name = operands.first?.nameValue {
                    try drawForm(named: name, resources: resources, state: state, depth: depth, operation: operation.offset)
                }
            default:
                break
            }
        }
    }

    /// The `/ActualText` of a marked-content property list (14.9.4), inline or named in
    /// `/Properties`.
    private func actualText(_ operand: PDFObject?, _ resources: PDFDictionary?) throws -> String? {
        guard let operand else { return nil }
        var properties = operand.dictionaryValue
        if properties == nil, let name = operand.nameValue { properties = try dictionary(resources, "Properties", name) }
        guard let bytes = try properties.flatMap({ try file.resolve($0["ActualText"] ?? .null).stringBytes }) else { return nil }
        return PDFTextString.decode(bytes)
    }

    /// Replaces the glyphs shown since `start` by one glyph whose text is `text` and whose
    /// box spans theirs: a sequence's `/ActualText` is what it says (a word drawn as letters
    /// and a hyphen, a ligature, a figure's label), as other readers take it.
    private mutating func replaceWithActualText(from start: Int, _ text: String) {
        guard start < glyphs.count else { return }
        let first = glyphs[start], last = glyphs[glyphs.count - 1]
        let quad = TextQuad(bottomLeft: first.quad.bottomLeft, bottomRight: last.quad.bottomRight,
                            topRight: last.quad.topRight, topLeft: first.quad.topLeft)
        glyphs.removeSubrange(start...)
        if !text.isEmpty { glyphs.append(ShownGlyph(text: strings.text(for: text), quad: quad, font: first.font, fontSize: first.fontSize)) }
    }

    /// Bytes of content read that count as one operation against the limit.
    static let bytesPerOperation = 16

    private mutating func count(_ n: Int) throws {
        operationCount += n
        if operationCount > file.limits.maxContentOperations {
            throw PDFError.limitExceeded("a page's content takes more than \(file.limits.maxContentOperations) operators and glyphs to read (maxContentOperations)",
                                             limit: .maxContentOperations, max: file.limits.maxContentOperations)
        }
    }

    private func dictionary(_ resources: PDFDictionary?, _ category: String, _ name: String) throws -> PDFDictionary? {
        guard let resources, let entries = try file.dictionary(resources[category]) else { return nil }
        return try file.dictionary(entries[name])
    }

    private func font(named name: String, in resources: PDFDictionary?) throws -> TextFont? {
        guard let resources, let entries = try file.dictionary(resources["Font"]), let object = entries[name] else { return nil }
        return try fonts.font(object, resourceName: name)
    }

    // MARK: - Form XObjects

    private mutating func drawForm(named name: String, resources: PDFDictionary?, state: GraphicsState, depth: Int,
                                   operation: Int) throws {
        guard let resources, let entries = try file.dictionary(resources["XObject"]), let object = entries[name] else { return }
        guard footprint != nil else { return try drawForm(object, inheritedResources: resources, state: state, depth: depth) }
        if case .stream(let stream) = try file.resolve(object), stream.dictionary["Subtype"]?.nameValue == "Image" {
            recordImage(ctm: state.ctm, operation: operation, name: name)
            return
        }
        guard let reference = object.referenceValue else { return }
        currentRoute.append(FormStep(name: name, form: reference))
        defer { currentRoute.removeLast() }
        try drawForm(object, inheritedResources: resources, state: state, depth: depth)
    }

    /// Draws an annotation's appearance stream (a reference to it, or the stream itself)
    /// placed by `transform` (12.5.5); `fallbackResources` serve a stream that has none (the
    /// form's `/DR`, as viewers use it for widgets written without resources).
    mutating func drawAppearance(_ appearance: PDFObject, transform: TextMatrix, fallbackResources: PDFDictionary?) throws {
        var state = GraphicsState()
        state.ctm = transform
        try drawForm(appearance, inheritedResources: fallbackResources, state: state, depth: 0)
    }

    private mutating func drawForm(_ object: PDFObject, inheritedResources: PDFDictionary?, state: GraphicsState,
                                   depth: Int) throws {
        let reference = object.referenceValue
        guard depth < Self.maximumFormDepth, reference.map({ !formsDrawing.contains($0) }) ?? true,
              case .stream(let stream) = try file.resolve(object),
              // Appearance streams often leave /Subtype out; only images and PostScript are not forms.
              (stream.dictionary["Subtype"]?.nameValue ?? "Form") == "Form" else { return }
        let content: [UInt8]
        if let reference, let known = formContent[reference] {
            content = known
        } else {
            do {
                content = try file.decodedData(of: reference.map { .reference($0) } ?? .stream(stream))
            } catch let error as PDFError {
                if case .limitExceeded = error { throw error }
                return
            }
            if let reference { formContent[reference] = content }
        }
        var inner = state
        if let matrix = TextMatrix(try file.resolve(stream.dictionary["Matrix"] ?? .null).arrayValue ?? []) {
            inner.ctm = matrix.concatenating(state.ctm)
        }
        let formResources = try file.dictionary(stream.dictionary["Resources"]) ?? inheritedResources
        if let reference { formsDrawing.insert(reference) }
        defer { if let reference { formsDrawing.remove(reference) } }
        try run(content, resources: formResources, state: inner, depth: depth + 1)
    }

    // MARK: - Showing text

    /// Shows `bytes` with the state's font, moving the text matrix by each glyph's advance
    /// (9.4.4): tx = ((w0 - 0) · Tfs + Tc + Tw) · Th, or ty = w1 · Tfs + Tc + Tw in vertical writing.
    ///
    /// Horizontal text moves only along the text space's x axis, so the text rendering
    /// matrix is made once per string: each glyph's box is placed by how far the pen has
    /// moved, not by multiplying matrices again.
    private mutating func show(_ bytes: [UInt8], _ state: GraphicsState, _ textMatrix: inout TextMatrix) throws {
        guard let font = state.font else {
            try count(bytes.count)
            return
        }
        let fontIndex = index(of: font)
        if font.isVertical {
            try showVertical(bytes, font, fontIndex, state, &textMatrix)
            return
        }
        let size = state.fontSize, scaling = state.horizontalScaling
        // Text space to page space where the string starts, and glyph space to page space there.
        let placement = textMatrix.concatenating(state.ctm)
        let rendering = TextMatrix(size * scaling, 0, 0, size, 0, state.rise).concatenating(placement)
        let glyphToPage = font.fontMatrix.concatenating(rendering)
        let fontSize = (rendering.c * rendering.c + rendering.d * rendering.d).squareRoot()
        let advancePerWidth = font.fontMatrix.a * size
        let (ascent, descent) = (font.ascent, font.descent)
        var pen = 0.0
        var shown = 0
        var offset = 0
        let recording = footprint != nil
        font.forEachGlyph(in: bytes) { glyph, length in
            shown += 1
            defer { offset += length }
            let x = glyphToPage.e + pen * placement.a, y = glyphToPage.f + pen * placement.b
            let width = glyph.pointee.width
            let alongX = width * glyphToPage.a, alongY = width * glyphToPage.b
            let bottomLeft = CGPoint(x: x + descent * glyphToPage.c, y: y + descent * glyphToPage.d)
            let topLeft = CGPoint(x: x + ascent * glyphToPage.c, y: y + ascent * glyphToPage.d)
            let quad = TextQuad(bottomLeft: bottomLeft, bottomRight: CGPoint(x: bottomLeft.x + alongX, y: bottomLeft.y + alongY),
                                topRight: CGPoint(x: topLeft.x + alongX, y: topLeft.y + alongY), topLeft: topLeft)
            glyphs.append(ShownGlyph(text: text(of: glyph), quad: quad, font: fontIndex, fontSize: fontSize))
            let spacing = state.characterSpacing + (glyph.pointee.isWordSpace ? state.wordSpacing : 0)
            pen += (width * advancePerWidth + spacing) * scaling
            // A TJ number moves the pen by -n/1000 of the size, scaled as the glyphs are (9.4.3).
            if recording { recordGlyph(quad, offset..<(offset + length), move: width * advancePerWidth + spacing, size: size) }
        }
        textMatrix = textMatrix.translated(pen, 0)
        try count(shown)
    }

    /// Vertical writing (9.7.4.3): each glyph placed by its own position vector.
    private mutating func showVertical(_ bytes: [UInt8], _ font: TextFont, _ fontIndex: Int32, _ state: GraphicsState,
                                       _ textMatrix: inout TextMatrix) throws {
        let size = state.fontSize
        let fontMatrix = font.fontMatrix
        let parameters = TextMatrix(size * state.horizontalScaling, 0, 0, size, 0, state.rise)
        var shown = 0
        var offset = 0
        let recording = footprint != nil
        font.forEachGlyph(in: bytes) { glyph, length in
            shown += 1
            defer { offset += length }
            let rendering = parameters.concatenating(textMatrix).concatenating(state.ctm)
            let spacing = state.characterSpacing + (glyph.pointee.isWordSpace ? state.wordSpacing : 0)
            let (vx, vy) = glyph.pointee.origin
            let glyphToText = fontMatrix.concatenating(rendering)
            let left = -vx, right = glyph.pointee.width - vx
            // The glyph's origin is the pen position less the position vector (9.7.4.3).
            let top = font.ascent - vy, bottom = font.descent - vy
            // The text runs downwards: the quad's baseline edge is the glyph's left side, top to bottom.
            let quad = TextQuad(bottomLeft: glyphToText.apply(left, top), bottomRight: glyphToText.apply(left, bottom),
                                topRight: glyphToText.apply(right, bottom), topLeft: glyphToText.apply(right, top))
            // The vertical advance is in the text space of the size, without horizontal scaling.
            let advance = glyph.pointee.verticalAdvance * fontMatrix.d * size + spacing
            textMatrix = textMatrix.translated(0, advance)
            let scale = (rendering.c * rendering.c + rendering.d * rendering.d).squareRoot()
            glyphs.append(ShownGlyph(text: text(of: glyph), quad: quad, font: fontIndex, fontSize: scale))
            if recording { recordGlyph(quad, offset..<(offset + length), move: advance, size: size) }
        }
        try count(shown)
    }

    /// A glyph's text as the layout keeps it.
    private mutating func text(of glyph: UnsafePointer<TextFont.Glyph>) -> CharacterText? {
        if let scalar = glyph.pointee.scalar { return .scalar(scalar) }
        guard let text = glyph.pointee.text else { return nil }
        return strings.text(for: text)
    }

    /// The index of `font`'s name in ``fontNames``, added on first use.
    private mutating func index(of font: TextFont) -> Int32 {
        let key = ObjectIdentifier(font)
        if let known = fontIndexes[key] { return known }
        let index = Int32(fontNames.count)
        fontNames.append(font.name)
        fontIndexes[key] = index
        return index
    }
}
