// Editing a file: the change set (``PDFFile/update(_:with:)``, ``PDFFile/add(_:)``,
// ``PDFFile/delete(_:)``, ``PDFFile/setTrailer(_:_:)``, an array grown in place) and marks to
// go back to. A mark journals what each edit after it replaced, so taking a mark costs nothing
// and going back costs what the edits since did: the change set is never copied (a copy of it
// per edit cost O(objects changed since the last save), and kept every array it held shared, so
// that growing one copied it too).

/// What one edit of the change set replaced, to put it back (``PDFFile/restoreChanges(_:)``).
enum ChangeJournalEntry {
    /// Object `number` as the change set had it: its edited value (nil: none), whether it was
    /// freed, and the generation it was to be written under (nil: none recorded).
    case object(number: Int, changed: PDFObject?, deleted: Bool, generation: Int?)
    /// The length of the array an item was appended to in place: object `number` itself
    /// (`key` nil) or the array under `key` of its dictionary (`count` nil: there was none).
    case appended(number: Int, key: String?, count: Int?)
    /// A trailer key as the change set had it.
    case trailer(key: String, value: PDFObject?, removed: Bool)
}

extension PDFFile {
    /// A point in the file's edits to go back to (``restoreChanges(_:)``) or to keep what came
    /// after it (``keepChanges(_:)``); every mark taken must be given back by one of the two.
    /// Marks nest: giving back a mark gives back the marks taken after it.
    public struct ChangeMark: Sendable, Equatable {
        fileprivate let serial: Int
        fileprivate let position: Int
        fileprivate let nextNumber: Int
    }

    /// Replaces the object `reference` names.
    public func update(_ reference: PDFReference, with object: PDFObject) {
        changeCount += 1
        journalObject(reference.number)
        deletedObjects.remove(reference.number)
        changedObjects[reference.number] = object
        if generations[reference.number] == nil { generations[reference.number] = generation(of: reference.number) }
        nextNumber = max(nextNumber, reference.number + 1)
    }

    /// Adds a new indirect object and returns its reference.
    @discardableResult
    public func add(_ object: PDFObject) -> PDFReference {
        changeCount += 1
        let reference = PDFReference(nextNumber, 0)
        journalObject(reference.number)
        nextNumber += 1
        generations[reference.number] = 0
        changedObjects[reference.number] = object
        return reference
    }

    /// Frees an object number.
    public func delete(_ reference: PDFReference) {
        changeCount += 1
        journalObject(reference.number)
        changedObjects[reference.number] = nil
        deletedObjects.insert(reference.number)
    }

    /// Sets a trailer key (`/Info`, `/ID`...); `.null` removes it.
    public func setTrailer(_ key: String, _ value: PDFObject) {
        changeCount += 1
        if !openMarks.isEmpty {
            journal.append(.trailer(key: key, value: trailerChanges[key], removed: removedTrailerKeys.contains(key)))
        }
        if value.isNull {
            trailerChanges[key] = nil
            removedTrailerKeys.insert(key)
        } else {
            removedTrailerKeys.remove(key)
            trailerChanges[key] = value
        }
    }

    /// Appends `item` to an array of the object `reference` names, in place: the object itself
    /// when it is an array (`key` nil), else the array under `key` of its dictionary (made when
    /// the key is missing). The same as reading the array, appending and ``update(_:with:)``,
    /// but an append costs the same for an array of ten items as for one of ten thousand (a
    /// page's `/Annots` grows by one with each stroke): the array is copied once, when the
    /// object is first edited, and never again while nothing else holds it.
    ///
    /// - Returns: false, changing nothing, when the object is not such an array or dictionary
    ///   (a `key` holding anything but an array, a reference to one included).
    @discardableResult
    public func append(_ item: PDFObject, toArrayOf reference: PDFReference, key: String? = nil) throws -> Bool {
        let number = reference.number
        let count: Int?
        if let changed = changedObjects[number] {
            guard case .found(let found) = changed.appendTarget(under: key) else { return false }
            count = found
        } else {
            // Its first edit: the object enters the change set as it reads.
            let current = try object(for: reference)
            guard case .found(let found) = current.appendTarget(under: key) else { return false }
            count = found
            update(reference, with: current)
        }
        changeCount += 1
        if !openMarks.isEmpty { journal.append(.appended(number: number, key: key, count: count)) }
        changedObjects[number]?.appendInPlace(item, under: key)
        return true
    }

    // MARK: - Marks

    /// A mark to go back to: the edits from now on are journaled until it is given back.
    public func markChanges() -> ChangeMark {
        markSerial += 1
        openMarks.append((markSerial, journal.count))
        return ChangeMark(serial: markSerial, position: journal.count, nextNumber: nextNumber)
    }

    /// Puts the change set back as it was at `mark`, and gives the mark back (with any taken
    /// after it): edits taken back by their inverses leave the objects they touched rewritten
    /// as they were, and new numbers used; this leaves no trace of them in the next update. The
    /// caller keeps what it derived from the objects in step (the edits' inverses do that);
    /// ``changeCount`` moves on. A mark already given back changes nothing.
    public func restoreChanges(_ mark: ChangeMark) {
        guard let open = openMarks.firstIndex(where: { $0.serial == mark.serial }) else { return }
        changeCount += 1
        while journal.count > mark.position {
            switch journal.removeLast() {
            case .object(let number, let changed, let deleted, let generation):
                changedObjects[number] = changed
                if deleted { deletedObjects.insert(number) } else { deletedObjects.remove(number) }
                generations[number] = generation
            case .appended(let number, let key, let count):
                changedObjects[number]?.truncateArray(under: key, to: count)
            case .trailer(let key, let value, let removed):
                trailerChanges[key] = value
                if removed { removedTrailerKeys.insert(key) } else { removedTrailerKeys.remove(key) }
            }
        }
        nextNumber = mark.nextNumber
        openMarks.removeSubrange(open...)
        if openMarks.isEmpty { journal.removeAll(keepingCapacity: true) }
    }

    /// Keeps the edits made since `mark` and gives the mark back (with any taken after it); the
    /// journal is dropped once no mark is open. A mark already given back changes nothing.
    public func keepChanges(_ mark: ChangeMark) {
        guard let open = openMarks.firstIndex(where: { $0.serial == mark.serial }) else { return }
        openMarks.removeSubrange(open...)
        if openMarks.isEmpty { journal.removeAll(keepingCapacity: true) }
    }

    /// How many edits are journaled for the open marks (0 when none is open).
    public var journaledEditCount: Int { journal.count }

    /// Journals object `number`'s place in the change set before an edit, while a mark is open.
    private func journalObject(_ number: Int) {
        guard !openMarks.isEmpty else { return }
        journal.append(.object(number: number, changed: changedObjects[number], deleted: deletedObjects.contains(number),
                               generation: generations[number]))
    }
}

extension PDFObject {
    /// What ``appendInPlace(_:under:)`` would append to.
    enum AppendTarget: Equatable {
        /// An array of `count` items, or a dictionary without the key (`count` nil: it is made).
        case found(count: Int?)
        /// Nothing to append to: not an array, or a dictionary whose key holds something else.
        case none
    }

    /// What ``appendInPlace(_:under:)`` would append to.
    func appendTarget(under key: String?) -> AppendTarget {
        switch self {
        case .array(let items) where key == nil: return .found(count: items.count)
        case .dictionary(let dictionary):
            guard let key else { return .none }
            switch dictionary[key] {
            case nil: return .found(count: nil)
            case .array(let items)?: return .found(count: items.count)
            default: return .none
            }
        default: return .none
        }
    }

    /// Appends `item` to this array (`key` nil) or to the array under `key` of this dictionary,
    /// without copying the array when nothing else holds it.
    ///
    /// The value is matched with `if case` and `self` then set to `.null`, leaving the bound
    /// copy the only holder of the storage. A `switch self` keeps its own copy of the matched
    /// value through the case's body, so the array was held twice and copied whole (the old
    /// copy then freed) on every append: O(n) a stroke on a page of n annotations
    /// (docs/benchmarks.md, issue 29).
    mutating func appendInPlace(_ item: PDFObject, under key: String?) {
        if key == nil, case .array(var items) = self {
            self = .null
            items.append(item)
            self = .array(items)
        } else if let key, case .dictionary(var dictionary) = self {
            self = .null
            dictionary.appendInPlace(item, toArrayUnder: key)
            self = .dictionary(dictionary)
        }
    }

    /// Cuts this array (or the array under `key` of this dictionary) back to `count` items;
    /// nil removes the key. Matched as ``appendInPlace(_:under:)`` is, for the same reason.
    mutating func truncateArray(under key: String?, to count: Int?) {
        if key == nil, case .array(var items) = self {
            self = .null
            items.removeLast(max(0, items.count - (count ?? 0)))
            self = .array(items)
        } else if let key, case .dictionary(var dictionary) = self {
            self = .null
            dictionary.truncateArray(under: key, to: count)
            self = .dictionary(dictionary)
        }
    }
}
