#if !hasFeature(Embedded)
import Foundation
#endif

// The bridge calls for stamps (docs/engine.md): a named stamp's frame and title, and for an
// image stamp where the picture goes (its crop, turns
// and frame, as the appearance stream draws it) and the Select tool's turn and crop, which
// become one `change` command each (one undo step).

extension EngineBridge {
    /// Answers the calls of this file, or nil for a call that is not one of them.
    func imageCall(_ name: String, _ request: JSONField) throws(CommandError) -> JSONValue? {
        switch name {
        case "stampLabel":
            // A named stamp's frame and title (StampLabel), as its appearance draws them, and
            // the face the title is written in.
            let label = StampLabel(name: try request.optionalMember("name")?.string() ?? "Draft", box: try request.member("rect").rect())
            let layout = label.titleLayout
            return .object([("title", .string(label.title)), ("frame", .rect(label.frame)), ("lineWidth", .number(label.lineWidth)),
                            ("radius", .number(label.radius)), ("maximumFontSize", .number(label.maximumFontSize)),
                            ("titleWidth", .number(label.titleWidth)), ("fontSize", .number(layout.fontSize)),
                            ("titleOrigin", .array([.number(layout.x), .number(layout.baseline)])),
                            ("titleLength", .number(layout.width)),
                            ("face", Self.fontFaceJSON(StandardFontNames.face(of: StampLabel.titleFont)))])
        case "stampSize":
            // The box a named stamp is placed in when tapped (StampLabel.placedSize).
            let size = StampLabel.placedSize(name: try request.member("name").string())
            return .object([("size", .array([.number(Double(size.width)), .number(Double(size.height))]))])
        case "imageLayout": return try imageLayout(request.member("annotation"))
        case "editImage": return try editImage(request)
        case "imageCrop": return try imageCrop(request)
        default: return nil
        }
    }

    /// `imageLayout`: where an image stamp's picture goes on its page, `{matrix, clip,
    /// frameColor, frame?}`: `matrix` takes the image's unit square (its first row at the top)
    /// to page space, drawn under a clip to `clip` (the stamp's rect); `frameColor` (`#RRGGBB`)
    /// is the colour its frame is drawn in, the stamp's or, when it names none,
    /// ``Annotation/imageFrameColor``, whether a frame is drawn or not (the Select tool's frame
    /// swatch shows it); `frame` is `{rect, width, color}`, the frame's centreline in page space
    /// and that colour, when `width` is positive. The page's rotation is the engine's.
    func imageLayout(_ annotation: JSONField) throws(CommandError) -> JSONValue {
        let (rect, crop, rotation, pageRotation) = try placement(of: annotation)
        let t = ImageFit.imageToPage(rect: rect, crop: crop, rotation: rotation, pageRotation: pageRotation)
        var color = Annotation.imageFrameColor
        if let named = try annotation.optionalMember("color") { color = try named.color() }
        var pairs: [(String, JSONValue)] = [("matrix", .matrix(t)),
                                            ("clip", .rect(rect)), ("frameColor", .string(color.hex))]
        let width = try annotation.optionalMember("width")?.number() ?? 0
        if let frame = ImageFit.frame(in: rect, width: CGFloat(width)) {
            pairs.append(("frame", .object([("rect", .rect(frame.rect)), ("width", .number(Double(frame.lineWidth))),
                                            ("color", .string(color.hex))])))
        }
        return .object(pairs)
    }

    /// `editImage`: `{annotation, turn?: "clockwise"|"anticlockwise", crop?: [left, top, right,
    /// bottom] or null}` for an image stamp the engine knows (the client's full annotation
    /// JSON, which holds its picture): OUTPUTS with one `change` command giving it the turn
    /// (its box turned about its centre, kept on the page) and then the crop (fractions of
    /// the whole image from its top-left; null shows it all; the part still shown stays where
    /// it was, at the same scale), or `refused` for a locked or read-only image.
    func editImage(_ request: JSONField) throws(CommandError) -> JSONValue {
        let field = try request.member("annotation")
        let id = try field.member("id").string()
        guard let geometry = engine.annotation(id: id), case .stamp = geometry.kind, field.value["image"] != nil else {
            throw CommandError.malformed("annotation: \"\(id)\" is not an image stamp on the pages")
        }
        do throws(CommandError) {
            try EditorCommand.permit(geometry, "changed")
        } catch {
            return outputs([.refused(error)])
        }
        var rect = try field.member("rect").rect()
        var crop = try Self.crop(field.optionalMember("crop"))
        var rotation = try field.optionalMember("rotation")?.integer() ?? 0
        let page = geometry.page
        let pageRotation = engine.viewport.pages.indices.contains(page) ? engine.viewport.pages[page].rotation : 0
        if let turn = try request.optionalMember("turn")?.string() {
            guard turn == "clockwise" || turn == "anticlockwise" else {
                throw CommandError.malformed("turn: expected \"clockwise\" or \"anticlockwise\", found \"\(turn)\"")
            }
            rotation = ImageFit.normalizedRotation(rotation + (turn == "clockwise" ? 90 : -90)) ?? 0
            rect = ImageFit.turnedRect(rect, within: engine.pageBounds(page))
        }
        // A crop of null shows the whole image again; no crop key leaves the crop as it is.
        if request.value["crop"] != nil {
            let newCrop = try Self.crop(request.optionalMember("crop"))
            guard let cropped = ImageFit.croppedRect(rect, crop: crop, rotation: rotation, pageRotation: pageRotation, to: newCrop) else {
                throw CommandError.malformed("crop: expected [left, top, right, bottom], fractions of the image from 0 to 1 with some area")
            }
            rect = cropped
            crop = newCrop
        }
        guard case .object(var object) = field.value else { throw CommandError.malformed("annotation: expected an object") }
        object["rect"] = .rect(rect)
        object["rotation"] = .integer(rotation)
        object["crop"] = crop.map { c in .array([c.minX, c.minY, c.maxX, c.maxY].map { .number(Double($0)) }) }
        return outputs([.command(.change(try EditorCommand.annotation(JSONField(.object(object), path: "annotation"), needsID: true)))])
    }

    /// `imageCrop`: `{annotation, sides?, drag?}` for an image stamp (its JSON: `rect`,
    /// `pageIndex`, `crop`?, `rotation`?): the crop as the Select tool shows it, `{sides,
    /// crop, whole, shown, handles}`. `sides` (`{left, top, right, bottom}`) are the fractions
    /// of the whole image hidden on each side as it is seen turned (``CropSides``); `crop` is
    /// the crop `editImage` takes for them (null: none); `whole` is the whole image's rect on
    /// the page at its present scale and `shown` the part the sides leave; `handles` are
    /// `{side, point}`, the middle of each side of `shown`. The request's `sides` (any of the
    /// four) set those sides, then `drag` `{side, point}` moves one side to a page point;
    /// each side stays within 0 and what the opposite side leaves (``CropSides/setting(_:to:)``).
    func imageCrop(_ request: JSONField) throws(CommandError) -> JSONValue {
        let (rect, crop, rotation, pageRotation) = try placement(of: request.member("annotation"))
        let toPage = ImageFit.seenToPage(rect: rect, crop: crop, rotation: rotation, pageRotation: pageRotation)
        var sides = ImageFit.seenSides(of: crop, rotation: rotation)
        if let given = try request.optionalMember("sides") {
            for name in CropSides.names {
                if let value = try given.optionalMember(name)?.number(in: 0...1) { sides = sides.setting(name, to: CGFloat(value)) }
            }
        }
        if let drag = try request.optionalMember("drag") {
            let side = try drag.member("side").string()
            guard CropSides.names.contains(side) else {
                throw CommandError.malformed("drag.side: expected left, top, right or bottom, found \"\(side)\"")
            }
            guard let toSeen = ImageFit.pageToSeen(rect: rect, crop: crop, rotation: rotation, pageRotation: pageRotation) else {
                throw CommandError.malformed("annotation.rect: an image with no area cannot be cropped")
            }
            let seen = toSeen(try drag.member("point").boundedPoint())
            let value: CGFloat
            switch side {
            case "left": value = seen.x
            case "top": value = seen.y
            case "right": value = 1 - seen.x
            default: value = 1 - seen.y
            }
            sides = sides.setting(side, to: value)
        }
        let shown = CGRect(x: sides.left, y: sides.top, width: 1 - sides.left - sides.right, height: 1 - sides.top - sides.bottom)
        let middles = [CGPoint(x: shown.minX, y: shown.midY), CGPoint(x: shown.midX, y: shown.minY),
                       CGPoint(x: shown.maxX, y: shown.midY), CGPoint(x: shown.midX, y: shown.maxY)]
        let handles: [JSONValue] = zip(CropSides.names, middles).map { pair in
            .object([("side", .string(pair.0)), ("point", .point(toPage(pair.1)))])
        }
        let newCrop = ImageFit.crop(hiding: sides, rotation: rotation)
        return .object([
            ("sides", .object(zip(CropSides.names, sides.values).map { ($0.0, .number(Double($0.1))) })),
            ("crop", newCrop.map { c in .array([c.minX, c.minY, c.maxX, c.maxY].map { .number(Double($0)) }) } ?? .null),
            ("whole", .rect(ImageFit.mapped(CGRect(x: 0, y: 0, width: 1, height: 1), toPage))),
            ("shown", .rect(ImageFit.mapped(shown, toPage))),
            ("handles", .array(handles)),
        ])
    }

    /// Where an image stamp's JSON places its picture: its rect, crop, quarter turns and the
    /// rotation of its page (the engine's).
    func placement(of annotation: JSONField) throws(CommandError) -> (rect: CGRect, crop: CGRect?, rotation: Int, pageRotation: Int) {
        let page = try annotation.optionalMember("pageIndex")?.integer() ?? 0
        return (try annotation.member("rect").rect(), try Self.crop(annotation.optionalMember("crop")),
                try annotation.optionalMember("rotation")?.integer() ?? 0,
                engine.viewport.pages.indices.contains(page) ? engine.viewport.pages[page].rotation : 0)
    }

    /// A crop `[left, top, right, bottom]` (fractions from the top-left), or nil for null or none.
    static func crop(_ field: JSONField?) throws(CommandError) -> CGRect? {
        guard let field else { return nil }
        let c = try field.numbers(count: 4...4, what: "[left, top, right, bottom]")
        return CGRect(x: c[0], y: c[1], width: c[2] - c[0], height: c[3] - c[1])
    }
}
