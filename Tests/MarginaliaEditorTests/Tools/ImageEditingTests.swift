import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Image editing: frame, crop, turn")
struct ImageEditingTests {
    static func placedImage(_ editor: Editor) throws -> PDFAnnotation {
        try editor.setImageToPlace(TestImages.png(width: 40, height: 20))
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke([editor.view(100, 500), editor.view(300, 300)])
        return try #require(editor.selection.first)
    }

    @Test func framesAreOneUndoStepAndOnlyForImages() throws {
        let editor = try Editor.make()
        let image = try Self.placedImage(editor)
        #expect(image.border.width == 0)
        try editor.setSelectedImageBorder(width: 3, color: .blue)
        let framed = try editor.annotations()[0]
        #expect(framed.border.width == 3 && framed.color == .blue)
        try editor.undo()
        #expect(try editor.annotations()[0].border.width == 0)
        let square = PDFAnnotation(kind: .square, rect: CGRect(x: 0, y: 0, width: 10, height: 10), pageIndex: 0)
        #expect(ImageEditing.setBorder([square], width: 3, color: .blue) == nil)
    }

    @Test func turningSwapsTheBoxAboutItsCentre() throws {
        let editor = try Editor.make()
        let image = try Self.placedImage(editor)
        try editor.rotateSelectedImages()
        let turned = try editor.annotations()[0]
        guard case .stamp(let stamp) = turned.kind else { Issue.record("not a stamp"); return }
        #expect(stamp.rotation == 90)
        #expect(abs(turned.rect.width - image.rect.height) < 1e-6 && abs(turned.rect.height - image.rect.width) < 1e-6)
        #expect(abs(turned.rect.midX - image.rect.midX) < 1e-6 && abs(turned.rect.midY - image.rect.midY) < 1e-6)
        try editor.rotateSelectedImages(clockwise: false)
        try editor.rotateSelectedImages(clockwise: false)
        guard case .stamp(let back) = try editor.annotations()[0].kind else { Issue.record("not a stamp after turning"); return }
        #expect(back.rotation == 270)
    }

    @Test(arguments: [0, 90])
    func croppingKeepsTheScaleAndThePartWhereItWas(pageRotation: Int) throws {
        var image = PDFAnnotation(kind: .stamp(.init(name: "Image", imageData: TestImages.png(width: 40, height: 20))),
                                  rect: CGRect(x: 100, y: 100, width: 200, height: 100), color: nil, pageIndex: 0)
        if pageRotation == 90 { image.rect = CGRect(x: 100, y: 100, width: 100, height: 200) }
        let crop = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)  // the top-right quarter
        guard case .group(_, let steps)? = ImageEditing.crop(image, to: crop, pageRotation: pageRotation),
              case .changeAnnotation(_, let after) = steps.first else { Issue.record("no crop"); return }
        let whole = try #require(ImageEditing.uncroppedRect(of: after, pageRotation: pageRotation))
        #expect(abs(whole.width - image.rect.width) < 1e-6 && abs(whole.minX - image.rect.minX) < 1e-6 && abs(whole.minY - image.rect.minY) < 1e-6,
                "the whole image stays where it was")
        #expect(abs(after.rect.width * after.rect.height - image.rect.width * image.rect.height / 4) < 1e-6)
        if pageRotation == 0 {
            #expect(after.rect == CGRect(x: 200, y: 150, width: 100, height: 50))
        }
        // A crop control dragged over the page gives back the same fractions.
        let fractions = try #require(ImageEditing.cropFractions(for: after.rect, of: after, pageRotation: pageRotation))
        #expect(abs(fractions.minX - 0.5) < 1e-6 && abs(fractions.minY) < 1e-6 && abs(fractions.width - 0.5) < 1e-6)
        // Uncropping brings the whole image back.
        guard case .group(_, let undo)? = ImageEditing.crop(after, to: nil, pageRotation: pageRotation),
              case .changeAnnotation(_, let restored) = undo.first else { Issue.record("no uncrop"); return }
        #expect(abs(restored.rect.width - image.rect.width) < 1e-6 && abs(restored.rect.minY - image.rect.minY) < 1e-6)
    }

    @Test func theEditorCropsTheSelectedImage() throws {
        let editor = try Editor.make()
        let image = try Self.placedImage(editor)
        try editor.cropSelectedImage(to: CGRect(x: 0, y: 0, width: 0.5, height: 1))
        let cropped = try editor.annotations()[0]
        guard case .stamp(let stamp) = cropped.kind else { Issue.record("not a stamp after cropping"); return }
        #expect(stamp.crop == CGRect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(abs(cropped.rect.width - image.rect.width / 2) < 1e-6 && cropped.rect.minX == image.rect.minX)
        try editor.cropSelectedImage(to: CGRect(x: 0.9, y: 0, width: 0.5, height: 1))  // not inside the image
        #expect(try editor.annotations()[0] == cropped)
    }
}
