import PDFCore

extension PDFDocument {
    /// Before an edit: when the page tree names one page object at several places (a
    /// repeated `/Kids` entry, or a node with two parents), each place but the first gets a
    /// copy of its own, made as duplicating makes one (content and resources shared, the
    /// annotations copied with new ids), so the edit changes the page it was meant for only
    /// and the saved tree's `/Count`s stay right. Reading leaves such a tree as it is (two
    /// pages sharing one object, as qpdf and MuPDF read it); nothing is written unless an
    /// edit comes.
    ///
    /// - Parameter walking: walk the whole tree to find shared pages (before a tree edit,
    ///   which walks it anyway); otherwise a tree whose `/Count`s are plausible is trusted
    ///   (``PageTree/sharesPages``).
    func separateSharedPages(walking: Bool = false) throws {
        if walking { try pageTree.flatten() }
        let separated = try pageTree.separateRepeatedPages { index in
            // A copier of its own per page: a copier's widgets are made fields once.
            var copier = PageCopier(from: self, to: self)
            return try copier.copyObjects(of: [index], annotationIDs: nil).pages[0]
        }
        if separated { annotationIndexes.removeAll() }
    }
}
