import Foundation
import Marginalia

extension PageGeometry {
    /// The geometry a viewer uses for `page`: its CropBox (clipped to the MediaBox) and /Rotate.
    public init(page: PDFPage) {
        let box = page.bounds(for: .cropBox)
        self.init(size: box.size, origin: box.origin, rotation: page.rotation)
    }
}
