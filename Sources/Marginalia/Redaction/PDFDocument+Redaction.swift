import Foundation
import PDFCore

extension PDFDocument {
    /// Applies every redaction mark (`/Redact` annotation) of the document: removes what each
    /// covers, draws its overlay into the page, and removes the marks.
    ///
    /// Under a mark, removed for real (not hidden):
    /// - glyphs of page content and of the form XObjects it draws, when the mark reaches the
    ///   middle half of the glyph's box (``covers(_:_:)``); they are cut out of their `Tj`, `TJ`, `'` and `"`
    ///   operators and the glyphs after them keep their places. A form drawn on other pages
    ///   too is copied for this page, so the others keep theirs;
    /// - images wholly inside a mark; in images a mark covers in part, the covered pixels
    ///   (painted in the overlay's colour, ``ImageRedaction``); painted paths wholly inside a mark,
    ///   and the parts under a mark of the paths crossing one (``PathRedaction``);
    /// - other annotations whose rectangle meets a mark, with their popups and the replies to
    ///   them (``thread(of:among:)``), and the form fields of removed widgets.
    ///
    /// The document must then be written with a full rewrite (``PDFWriteOptions/Mode/compact``):
    /// an incremental update would keep the removed content in the earlier revision.
    ///
    /// - Throws: ``PDFError`` when a page with marks cannot be read or its content passes a limit.
    @discardableResult
    public func applyRedactions(options: RedactionOptions = RedactionOptions()) throws -> RedactionReport {
        try separateSharedPages()
        var report = RedactionReport()
        for index in 0..<(try pageCount) {
            let annotations = try self.annotations(onPage: index)
            let marks = annotations.filter { if case .redact = $0.kind { return true } else { return false } }
            guard !marks.isEmpty else { continue }
            var page = RedactionReport.Page(pageIndex: index)
            page.marks = marks.count
            let areas = marks.flatMap(Self.redactedAreas)
            try redactContent(ofPage: index, marks: marks, areas: areas, options: options, report: &page)
            let markIDs = Set(marks.map(\.id))
            var covered = annotations.filter { a in
                !markIDs.contains(a.id) && a.annotationSubtype != .popup && areas.contains { $0.intersection(a.rect).isEmpty == false }
            }
            covered += Self.thread(of: marks + covered, among: annotations)
            page.annotations = covered.count
            try removeFields(of: covered)
            try removeAnnotations(marks + covered, onPage: index)
            report.pages.append(page)
        }
        try forgetReplacedDrawings()
        redactionsApplied = true
        if options.scrubsMetadata {
            try scrubMetadata()
            report.scrubbedMetadata = true
        }
        return report
    }

    /// Drops every drawing kept aside for an undo (``replacedDrawingKey``): the full rewrite
    /// after a redaction then leaves out what they show (an earlier text, a moved annotation's
    /// old place), which nothing on the page shows any more. The objects removed annotations
    /// left in the file (``removeAnnotation(id:onPage:)``) are not referred to: the rewrite
    /// leaves them out too, and none is put back meanwhile (``redactionsApplied``).
    func forgetReplacedDrawings() throws {
        for index in 0..<(try pageCount) {
            for var annotation in try annotations(onPage: index) {
                guard let reference = annotation.reference, Self.replacedDrawing(in: annotation.dictionary) != nil else { continue }
                AnnotationWriter.setPrivate(in: &annotation.dictionary) { $0[Self.replacedDrawingKey] = nil }
                file.update(reference, with: .dictionary(annotation.dictionary))
                annotationIndexes[index]?.update(annotation)
            }
        }
    }

    /// The annotations of a page in reply to one of `removed`, at any depth (replies, review
    /// states, group members: `/IRT`), wherever their rectangles are: a comment thread is about
    /// the annotation it hangs on, and goes with it (its text may quote what was removed).
    static func thread(of removed: [PDFAnnotation], among annotations: [PDFAnnotation]) -> [PDFAnnotation] {
        var gone = Set(removed.map(\.id))
        var found: [PDFAnnotation] = []
        var grew = true
        while grew {
            grew = false
            for annotation in annotations where !gone.contains(annotation.id) {
                guard let parent = annotation.inReplyTo, gone.contains(parent) else { continue }
                gone.insert(annotation.id)
                found.append(annotation)
                grew = true
            }
        }
        return found
    }

    /// The rectangles a mark covers in page space: each quadrilateral's bounds, or its `/Rect`.
    static func redactedAreas(_ mark: PDFAnnotation) -> [CGRect] {
        guard case .redact(let redact) = mark.kind, !redact.quads.isEmpty else { return [mark.rect] }
        return redact.quads.map { CGRect.bounding($0.points) }
    }

    /// Whether a mark reaches a glyph's box far enough for the glyph to go: into the middle
    /// half of the box (the box less a quarter of its width and of its height on each side).
    /// A glyph's box runs from the font's descent to its ascent, taller than the distance
    /// between lines in most text, so the lines above and below a mark, and the letters either
    /// side of it (kerning makes boxes overlap), stay; a glyph the mark covers in its middle goes.
    static func covers(_ areas: [CGRect], _ box: CGRect) -> Bool {
        let core = box.insetBy(dx: box.width / 4, dy: box.height / 4)
        let middle = CGPoint(x: box.midX, y: box.midY)
        return areas.contains { area in
            if core.isEmpty { return area.insetBy(dx: -0.01, dy: -0.01).contains(middle) }
            let overlap = area.intersection(core)
            return !overlap.isNull && overlap.width > 0 && overlap.height > 0
        }
    }

    /// An image XObject drawn in the stream at `route` under `name`.
    private struct PartlyCovered: Hashable {
        var route: [FormStep]
        var name: String
    }

    /// Whether `inner` lies inside `outer`, edges included (to 0.01 pt), compared edge by edge:
    /// Foundation's `contains` compares a union with `outer`, which can differ in the last bit.
    static func holds(_ outer: CGRect, _ inner: CGRect) -> Bool {
        outer.minX - 0.01 <= inner.minX && outer.minY - 0.01 <= inner.minY
            && inner.maxX <= outer.maxX + 0.01 && inner.maxY <= outer.maxY + 0.01
    }

    // MARK: - Content

    private func redactContent(ofPage index: Int, marks: [PDFAnnotation], areas: [CGRect], options: RedactionOptions,
                               report: inout RedactionReport.Page) throws {
        let page = try self.page(at: index, readingAnnotations: false)
        var interpreter = TextInterpreter(file: file, fonts: textCache.fontLoader(for: file))
        interpreter.footprint = ContentFootprint()
        let resources = try file.dictionary(page.effectiveAttributes["Resources"])
        let content = try contentData(of: page)
        try interpreter.run(content, resources: resources, state: TextInterpreter.GraphicsState())
        let footprint = interpreter.footprint ?? ContentFootprint()

        var edits: [[FormStep]: ContentEdits] = [:]
        var partlyCovered: [PartlyCovered: [(placement: TextMatrix, operation: Int)]] = [:]
        for glyph in footprint.glyphs where Self.covers(areas, glyph.quad.bounds) {
            edits[glyph.route, default: ContentEdits()].cuts[glyph.operation, default: []]
                .append(ContentEdits.Cut(element: glyph.element, bytes: glyph.bytes, adjustment: glyph.adjustment))
            report.glyphs += 1
        }
        for drawing in footprint.drawings {
            let inside = areas.contains { Self.holds($0, drawing.bounds) }
            if inside {
                edits[drawing.route, default: ContentEdits()].removals.formUnion(drawing.operations)
                if drawing.kind == .image { report.images += 1 } else { report.paths += 1 }
            } else if let (path, painting, ctm) = drawing.path, let paint = drawing.operations.last,
                      let left = PathRedaction.cut(path, painting: painting, ctm: ctm, areas: areas) {
                edits[drawing.route, default: ContentEdits()].removals.formUnion(drawing.operations.dropLast())
                edits[drawing.route, default: ContentEdits()].replacements[paint] = left
                if left.isEmpty { report.paths += 1 } else { report.pathsCut += 1 }
            } else if drawing.kind == .image, areas.contains(where: { $0.intersection(drawing.bounds).isEmpty == false }) {
                if let (name, placement) = drawing.image {
                    partlyCovered[PartlyCovered(route: drawing.route, name: name), default: []].append((placement, drawing.operations[0]))
                } else {
                    report.imagesPartlyCovered += 1
                }
            }
        }
        // The painted copy of an image is drawn, under a name of its own, where marks cover it
        // (painted for all of them); where it is drawn uncovered, the original stays.
        let colored = marks.flatMap { mark in Self.redactedAreas(mark).map { ($0, mark.interiorColor ?? options.overlayColor) } }
        for (image, uses) in partlyCovered.sorted(by: { $0.key.name < $1.key.name }) {
            let xObjects = try file.dictionary(try self.resources(at: image.route, pageResources: resources)?["XObject"])
            guard let object = xObjects?[image.name],
                  let painted = try ImageRedaction.redacted(object, placements: uses.map(\.placement), areas: colored, file: file) else {
                report.imagesPartlyCovered += uses.count
                continue
            }
            var name = image.name + "Redacted"
            while xObjects?[name] != nil { name += "x" }
            edits[image.route, default: ContentEdits()].images[name] = file.add(.stream(painted))
            for use in uses { edits[image.route, default: ContentEdits()].renames[use.operation] = name }
            report.imagesPainted += uses.count
        }

        guard var dictionary = try file.dictionary(.reference(page.reference)) else { return }
        var pageResources = resources ?? PDFDictionary()
        var xObjects = try file.dictionary(pageResources["XObject"]) ?? PDFDictionary()
        for step in Self.firstSteps(below: [], in: edits) {
            xObjects[step.name] = .reference(try redactedForm(step, route: [], edits: edits, inherited: resources))
        }
        for (name, image) in edits[[]]?.images ?? [:] { xObjects[name] = .reference(image) }
        var overlays: [UInt8] = []
        // Overlay text in a document that claims PDF/A is drawn in an embedded font.
        let claim = pdfaClaim
        for (n, mark) in marks.enumerated() {
            guard case .redact(let redact) = mark.kind else { continue }
            let overlay = try AppearanceBuilder.redactionOverlay(mark, redact, color: mark.interiorColor ?? options.overlayColor,
                                                                 embedsFonts: claim != nil, addObject: { [file] in file.add($0) }).stream()
            try claim?.checkFontsEmbedded(in: overlay, file: file, refusing: "the redactions were not applied")
            var name = "Redaction\(n)"
            while xObjects[name] != nil { name += "x" }
            xObjects[name] = .reference(file.add(.stream(overlay)))
            overlays += Array("q \(PDFSyntax.name(name)) Do Q\n".utf8)
        }
        pageResources["XObject"] = .dictionary(xObjects)
        dictionary["Resources"] = .dictionary(pageResources)

        let rewritten = try ContentRewriter.rewrite(content, edits[[]] ?? ContentEdits(), limits: file.limits)
        // The content is wrapped so that what it leaves of the graphics state cannot move the overlay.
        let balance = try? ContentStreamReport(bytes: rewritten, limits: file.limits)
        let opening = Array((balance?.openingOperators ?? "q\n").utf8)
        let closing = Array((balance?.closingOperators ?? "Q\n").utf8)
        let bytes = opening + rewritten + [0x0A] + closing + overlays
        let stream = (try? PDFStream.compressing(bytes, dictionary: PDFDictionary())) ?? PDFStream(dictionary: PDFDictionary(), rawBytes: bytes)
        dictionary["Contents"] = .reference(file.add(.stream(stream)))
        file.update(page.reference, with: .dictionary(dictionary))
    }

    /// The resources in force in the stream at `route`: the page's, then each form's own (or
    /// the ones in force where it is drawn, for a form without them, 7.8.3).
    private func resources(at route: [FormStep], pageResources: PDFDictionary?) throws -> PDFDictionary? {
        var current = pageResources
        for step in route {
            guard case .stream(let form) = try file.resolve(.reference(step.form)) else { return nil }
            current = try file.dictionary(form.dictionary["Resources"]) ?? current
        }
        return current
    }

    /// The forms drawn directly from the stream at `route` that have edits in them or below them.
    private static func firstSteps(below route: [FormStep], in edits: [[FormStep]: ContentEdits]) -> [FormStep] {
        var steps = Set<FormStep>()
        for key in edits.keys where key.count > route.count && Array(key.prefix(route.count)) == route {
            steps.insert(key[route.count])
        }
        return steps.sorted { $0.name < $1.name }
    }

    /// A copy of the form `step` (reached through `route`) with its edits applied, and the
    /// forms it draws that have edits copied too: the original stays for every other place
    /// that draws it, and the full rewrite drops it if none does.
    private func redactedForm(_ step: FormStep, route: [FormStep], edits: [[FormStep]: ContentEdits],
                              inherited: PDFDictionary?) throws -> PDFReference {
        guard case .stream(let stream) = try file.resolve(.reference(step.form)) else { return step.form }
        let here = route + [step]
        var content = try file.decodedData(of: .reference(step.form))
        if let own = edits[here] { content = try ContentRewriter.rewrite(content, own, limits: file.limits) }
        var dictionary = stream.dictionary
        for key in ["Filter", "DecodeParms", "DL", "Length"] { dictionary[key] = nil }
        let children = Self.firstSteps(below: here, in: edits)
        let images = edits[here]?.images ?? [:]
        if !children.isEmpty || !images.isEmpty {
            // A form without resources uses the ones in force where it is drawn (7.8.3): its copy gets its own.
            var resources = try file.dictionary(stream.dictionary["Resources"]) ?? inherited ?? PDFDictionary()
            var xObjects = try file.dictionary(resources["XObject"]) ?? PDFDictionary()
            for child in children {
                xObjects[child.name] = .reference(try redactedForm(child, route: here, edits: edits, inherited: resources))
            }
            for (name, image) in images { xObjects[name] = .reference(image) }
            resources["XObject"] = .dictionary(xObjects)
            dictionary["Resources"] = .dictionary(resources)
        }
        let copy = (try? PDFStream.compressing(content, dictionary: dictionary)) ?? PDFStream(dictionary: dictionary, rawBytes: content)
        return file.add(.stream(copy))
    }

    // MARK: - Fields and metadata

    /// Takes removed widgets out of the form: from `/Fields` and from their parent's `/Kids`,
    /// and a parent left without kids out of `/Fields` too, so no field keeps a value nothing shows.
    private func removeFields(of annotations: [PDFAnnotation]) throws {
        let widgets = annotations.filter { $0.annotationSubtype == .widget }.compactMap(\.reference)
        guard !widgets.isEmpty, let rootReference = file.trailer["Root"]?.referenceValue,
              var catalog = try file.dictionary(.reference(rootReference)),
              var form = try file.dictionary(catalog["AcroForm"]) else { return }
        var doomed = Set(widgets.map(\.number))
        for widget in widgets {
            guard let parentReference = try file.dictionary(.reference(widget))?["Parent"]?.referenceValue,
                  var parent = try file.dictionary(.reference(parentReference)) else { continue }
            var kids = try file.resolve(parent["Kids"] ?? .null).arrayValue ?? []
            kids.removeAll { $0.referenceValue.map { doomed.contains($0.number) } ?? false }
            if kids.isEmpty { doomed.insert(parentReference.number) }
            parent["Kids"] = .array(kids)
            file.update(parentReference, with: .dictionary(parent))
        }
        var fields = try file.resolve(form["Fields"] ?? .null).arrayValue ?? []
        fields.removeAll { $0.referenceValue.map { doomed.contains($0.number) } ?? false }
        form["Fields"] = .array(fields)
        catalog["AcroForm"] = .dictionary(form)
        file.update(rootReference, with: .dictionary(catalog))
    }

    /// Removes the Info dictionary, the XMP packet, document-level JavaScript and actions run
    /// on opening, and embedded files.
    private func scrubMetadata() throws {
        file.setTrailer("Info", .null)
        guard let rootReference = file.trailer["Root"]?.referenceValue,
              var catalog = try file.dictionary(.reference(rootReference)) else { return }
        catalog["Metadata"] = nil
        catalog["AA"] = nil
        catalog["OpenAction"] = nil
        if var names = try file.dictionary(catalog["Names"]) {
            names["JavaScript"] = nil
            names["EmbeddedFiles"] = nil
            catalog["Names"] = .dictionary(names)
        }
        file.update(rootReference, with: .dictionary(catalog))
    }
}
