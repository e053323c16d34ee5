import Foundation
import PDFCore

extension PDFDocument {
    /// Burns annotations into their pages' content and removes them with their popups, so
    /// the page looks the same but nothing is editable (ISO 32000-2, 12.5.5 for how an
    /// appearance maps onto `/Rect`).
    ///
    /// Annotations with the hidden or noView flag are removed without being drawn, as they
    /// would not show, and so are comments (replies and review states, shown in their
    /// parent's thread, never on the page: ISO 32000-2, 12.5.6.2); the comments on an
    /// annotation flattened go with it. Links, popups and form widgets are never flattened
    /// here (forms are flattened with their field tree; popups go with their parent).
    ///
    /// - Parameters:
    ///   - pages: 0-based page indexes; nil means every page.
    ///   - include: which annotations to flatten.
    /// - Returns: how many annotations were burned in or removed.
    @discardableResult
    public func flattenAnnotations(pages: [Int]? = nil, where include: (PDFAnnotation) -> Bool = { _ in true }) throws -> Int {
        try flattenAnnotations(pages: pages, excluding: [.link, .popup, .widget], where: include)
    }

    /// Flattens as above, never touching the subtypes in `excluded` (form flattening lets
    /// widgets through); annotations for which `drawn` is false are removed without being
    /// drawn (notes, when comments are dropped: ``FlattenOptions/Comments``).
    func flattenAnnotations(pages: [Int]?, excluding excluded: Set<AnnotationSubtype>, where include: (PDFAnnotation) -> Bool,
                            drawn: (PDFAnnotation) -> Bool = { _ in true }) throws -> Int {
        try separateSharedPages()
        var total = 0
        for index in try pages ?? Array(0..<pageCount) {
            total += try flattenAnnotations(onPage: index, excluding: excluded, include, drawn: drawn)
        }
        return total
    }

    private func flattenAnnotations(onPage index: Int, excluding excluded: Set<AnnotationSubtype>, _ include: (PDFAnnotation) -> Bool,
                                    drawn: (PDFAnnotation) -> Bool) throws -> Int {
        let page = try self.page(at: index)
        let all = try annotations(onPage: index)
        var chosen = all.filter { annotation in !(annotation.annotationSubtype.map(excluded.contains) ?? false) && include(annotation) }
        guard !chosen.isEmpty else { return 0 }
        // A thread goes with its annotation: the comments on what is flattened, and on them.
        var ids = Set(chosen.map(\.id))
        var added = true
        while added {
            let comments = all.filter { $0.isComment && !ids.contains($0.id) && $0.inReplyTo.map(ids.contains) == true }
            chosen += comments
            ids.formUnion(comments.map(\.id))
            added = !comments.isEmpty
        }

        var content = ContentStreamBuilder()
        var xObjects: [String: PDFReference] = [:]
        let existing = try existingXObjectNames(page)
        for annotation in chosen {
            guard !annotation.flags.contains(.hidden), !annotation.flags.contains(.noView), !annotation.isComment,
                  drawn(annotation), let (reference, form) = try appearance(of: annotation, on: page)
            else { continue }
            var name = "MFlat\(xObjects.count)"
            var suffix = 0
            while existing.contains(name) || xObjects[name] != nil {
                suffix += 1
                name = "MFlat\(xObjects.count)_\(suffix)"
            }
            xObjects[name] = reference
            content.save()
            content.concatenate(placement(of: form, in: annotation, pageRotation: page.rotation))
            content.drawXObject(name)
            content.restore()
        }
        if !xObjects.isEmpty { try appendContent(content.bytes, xObjects: xObjects, to: page) }
        try removeAnnotations(chosen, onPage: index)
        return chosen.count
    }

    /// The normal appearance stream to draw (the state `/AS` picks when `/N` has several),
    /// generating one when the annotation has none and Marginalia draws its subtype.
    private func appearance(of annotation: PDFAnnotation, on page: PDFPage) throws -> (PDFReference, PDFDictionary)? {
        var normal = try file.resolve(annotation.dictionary["AP"] ?? .null).dictionaryValue?["N"]
        if let states = try normal.map({ try file.resolve($0) })?.dictionaryValue, states.type != "XObject",
           (try normal.map { try file.resolve($0) })?.streamValue == nil {
            let state = annotation.dictionary["AS"]?.nameValue
            normal = state.flatMap { states[$0] }
        }
        if let reference = normal?.referenceValue, case .stream(let stream) = try file.object(for: reference) {
            return (reference, stream.dictionary)
        }
        let builder = AppearanceBuilder(addObject: { [file] in file.add($0) }, pageRotation: page.rotation)
        guard let result = try builder.build(for: annotation) else { return nil }
        return (file.add(.stream(result.stream)), result.stream.dictionary)
    }

    /// The transformation that puts a form's drawing onto the annotation's `/Rect`
    /// (12.5.5): the form's `/BBox` transformed by its `/Matrix` is mapped onto `/Rect`
    /// (the form applies its own `/Matrix` when drawn). A noRotate annotation on a rotated
    /// page is turned about its upper-left corner so it stays upright, as viewers show it.
    func placement(of form: PDFDictionary, in annotation: PDFAnnotation, pageRotation: Int) -> AffineTransform {
        let bbox = PDFPage.rectangle(try? file.resolve(form["BBox"] ?? .null)) ?? annotation.rect
        let numbers = ((try? file.resolve(form["Matrix"] ?? .null))?.arrayValue ?? []).compactMap(\.numberValue)
        let matrix = numbers.count == 6
            ? AffineTransform(m11: numbers[0], m12: numbers[1], m21: numbers[2], m22: numbers[3], tX: numbers[4], tY: numbers[5])
            : AffineTransform()
        let corners = [CGPoint(x: bbox.minX, y: bbox.minY), CGPoint(x: bbox.maxX, y: bbox.minY),
                       CGPoint(x: bbox.minX, y: bbox.maxY), CGPoint(x: bbox.maxX, y: bbox.maxY)].map { matrix.transform($0) }
        let transformed = CGRect.bounding(corners)
        let rect = annotation.rect
        let sx = transformed.width > 0 ? rect.width / transformed.width : 1
        let sy = transformed.height > 0 ? rect.height / transformed.height : 1
        var placement = AffineTransform(m11: sx, m12: 0, m21: 0, m22: sy,
                                        tX: rect.minX - transformed.minX * sx, tY: rect.minY - transformed.minY * sy)
        if annotation.flags.contains(.noRotate) && pageRotation != 0 {
            // Rotate counter-clockwise by the page rotation about the upper-left corner.
            let radians = CGFloat(pageRotation) * .pi / 180
            let (c, s) = (cos(radians), sin(radians))
            let x = rect.minX, y = rect.maxY
            let turn = AffineTransform(m11: c, m12: s, m21: -s, m22: c, tX: x - c * x + s * y, tY: y - s * x - c * y)
            placement.append(turn)
        }
        return placement
    }

    /// Names already used in the page's `/XObject` resources.
    private func existingXObjectNames(_ page: PDFPage) throws -> Set<String> {
        guard let resources = try file.dictionary(page.effectiveAttributes["Resources"]),
              let xObjects = try file.dictionary(resources["XObject"]) else { return [] }
        return Set(xObjects.orderedKeys)
    }

    /// Wraps the page's content in `q ... Q` (so a stream that leaves the graphics state
    /// changed cannot move the drawing) and appends `drawing`, with the forms added to a
    /// page-local copy of the resources (other pages sharing them stay untouched). The
    /// wrapping is sized by reading the content: saves it leaves open are closed, restores
    /// it has too many of get a `q` of their own, an open text object is ended. Content that
    /// cannot be decoded gets the single `q ... Q`.
    private func appendContent(_ drawing: [UInt8], xObjects: [String: PDFReference], to page: PDFPage) throws {
        guard var dictionary = try file.dictionary(.reference(page.reference)) else { return }
        let contents = try contentStreams(of: page)
        let balance = try? contentReport(of: page)
        let opening = balance?.openingOperators ?? "q\n"
        let closing = balance?.closingOperators ?? "Q\n"
        let open = file.add(.stream(PDFStream(dictionary: PDFDictionary(), rawBytes: Array(opening.utf8))))
        let close = file.add(.stream(PDFStream(dictionary: PDFDictionary(), rawBytes: Array(closing.utf8) + drawing)))
        dictionary["Contents"] = .array([.reference(open)] + contents + [.reference(close)])

        var resources = try file.dictionary(page.effectiveAttributes["Resources"]) ?? PDFDictionary()
        var xObjectDictionary = try file.dictionary(resources["XObject"]) ?? PDFDictionary()
        for (name, reference) in xObjects.sorted(by: { $0.key < $1.key }) { xObjectDictionary[name] = .reference(reference) }
        resources["XObject"] = .dictionary(xObjectDictionary)
        dictionary["Resources"] = .dictionary(resources)
        file.update(page.reference, with: .dictionary(dictionary))
    }
}
