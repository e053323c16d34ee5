import Foundation
import PDFCore

extension PDFDocument {
    /// The normal appearance of a visible signature's widget: a thin frame, the request's
    /// handwritten image when given (at the left, as tall as the frame allows and at most 45%
    /// of its width, proportions kept), and, in Helvetica sized to fit (at most 12 pt), who
    /// signed (`signer`), when (UTC), and why and where when given. Drawn upright on a turned page (``AppearanceStream/upright(in:pageRotation:)``).
    /// In a document that claims PDF/A, and for text outside WinAnsi, the text is drawn in
    /// Nimbus Sans and the script fonts, shaped and embedded as subsets (``AppearanceTextFont``);
    /// what the claim would refuse throws before anything is signed.
    func signatureAppearance(rect: CGRect, pageRotation: Int, request: SignatureRequest,
                             signer: String?) throws -> PDFReference {
        var appearance = AppearanceStream.upright(in: rect, pageRotation: pageRotation)
        let box = appearance.bounds
        appearance.content.strokeColor([0.2, 0.3, 0.6])
        appearance.content.lineWidth(1)
        appearance.content.rectangle(box.insetBy(dx: min(0.5, box.width / 2), dy: min(0.5, box.height / 2)))
        appearance.content.stroke()
        // One line each, even a reason typed with a line break in it.
        let lines = Self.signatureLines(request, signer: signer).map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
        let claim = pdfaClaim
        var area = box.insetBy(dx: min(4, box.width / 4), dy: min(3, box.height / 4))
        if let data = request.image {
            let picture = try signatureImage(data, in: area, refusingTransparency: claim?.forbidsTransparency == true ? claim : nil,
                                             appearance: &appearance)
            area = CGRect(x: picture.maxX + 4, y: area.minY, width: max(1, area.maxX - picture.maxX - 4), height: area.height)
        }
        let chosen = AppearanceTextFont(for: lines, standard: .helvetica, embeds: claim != nil, in: &appearance)
        let font = chosen.font
        // The largest size at which every line fits across and all fit down, at most 12 pt.
        let widest = try lines.map { try chosen.width(of: $0, size: 1) }.max() ?? 1
        let byWidth = Double(area.width) / max(widest, 0.001)
        let byHeight = Double(area.height) / (Double(lines.count) * TextLayout.lineHeight(font: font, size: 1))
        let size = max(1, min(12, byWidth, byHeight))
        appearance.content.beginText()
        chosen.select(size: size, in: &appearance.content)
        appearance.content.fillColor([0, 0, 0])
        let lineHeight = TextLayout.lineHeight(font: font, size: size)
        let laidOut = try chosen.lines(lines.joined(separator: "\n"), size: size, maxWidth: 0)
        chosen.showLines(laidOut, size: size, firstBaseline: Double(area.maxY) - font.ascent * size / 1000, lineHeight: lineHeight,
                         left: Double(area.minX), right: Double(area.maxX), alignment: 0, bottom: Double(area.minY), in: &appearance)
        appearance.content.endText()
        try chosen.finish(&appearance, add: file.add)
        let stream = appearance.stream()
        try claim?.checkFontsEmbedded(in: stream, file: file, refusing: "the document was not signed")
        return file.add(.stream(stream))
    }

    /// Draws `data` (PNG or JPEG) at the left of `area`, centred down it, and answers where.
    ///
    /// - Throws: ``SignatureError/image(_:)`` for an image that does not decode, or one with
    ///   transparency in a document whose PDF/A claim forbids it (`refusingTransparency`).
    private func signatureImage(_ data: Data, in area: CGRect, refusingTransparency claim: PDFAClaim?,
                                appearance: inout AppearanceStream) throws -> CGRect {
        let image: RasterImage
        let objects: ImageXObjects
        do {
            image = try ImageDecoder().decode(data)
            objects = try image.pdfObjects()
        } catch {
            throw SignatureError.image("\(error)")
        }
        if let claim, objects.softMask != nil {
            throw SignatureError.image("this document claims \(claim), which forbids transparency, and the image has some")
        }
        let scale = min(area.height / CGFloat(image.height), area.width * 0.45 / CGFloat(image.width))
        let size = CGSize(width: CGFloat(image.width) * scale, height: CGFloat(image.height) * scale)
        let placed = CGRect(x: area.minX, y: area.midY - size.height / 2, width: size.width, height: size.height)
        appearance.xObjects["Im0"] = objects.addToFile(file.add)
        appearance.content.save()
        appearance.content.concatenate(AffineTransform(m11: placed.width, m12: 0, m21: 0, m22: placed.height,
                                                       tX: placed.minX, tY: placed.minY))
        appearance.content.drawXObject("Im0")
        appearance.content.restore()
        return placed
    }

    static func signatureLines(_ request: SignatureRequest, signer: String?) -> [String] {
        var lines = [signer.map { "Digitally signed by \($0)" } ?? "Digitally signed"]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        lines.append("Date: \(formatter.string(from: request.date))")
        if let reason = request.reason { lines.append("Reason: \(reason)") }
        if let location = request.location { lines.append("Location: \(location)") }
        return lines
    }
}
