import Foundation

extension RedactionReport.Page {
    /// The page's counts under the keys the JSON reports use (`marginalia redact --json`, the
    /// server's `POST …/redactions/apply`), in that order: `pageIndex`, `marks`, `glyphs`,
    /// `images`, `imagesPainted`, `imagesPartlyCovered`, `paths`, `pathsCut`, `annotations`.
    public var counts: [(key: String, value: Int)] {
        [("pageIndex", pageIndex), ("marks", marks), ("glyphs", glyphs), ("images", images),
         ("imagesPainted", imagesPainted), ("imagesPartlyCovered", imagesPartlyCovered), ("paths", paths),
         ("pathsCut", pathsCut), ("annotations", annotations)]
    }
}
