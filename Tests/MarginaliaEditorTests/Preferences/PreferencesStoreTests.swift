import Foundation
import Testing
@testable import MarginaliaEditor

extension PreferencesTests {
    @Suite("Preferences store")
    struct PreferencesStoreTests {
        @Test func missingFileGivesDefaultsWithoutWarning() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let (preferences, warning) = PreferencesStore(url: folder.file("prefs.json")).load()
            #expect(preferences == ToolPreferences())
            #expect(warning == nil)
        }

        @Test func saveThenLoadInANewSessionRestoresEverything() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let url = folder.url.appendingPathComponent("nested/deeper/prefs.json")
            let original = ToolPreferencesTests.everythingChanged
            try PreferencesStore(url: url).save(original)
            let (loaded, warning) = PreferencesStore(url: url).load()
            #expect(loaded == original)
            #expect(warning == nil)
        }

        @Test func saveReplacesTheFileAtomicallyLeavingNoTemporaryFiles() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let url = folder.file("prefs.json")
            let store = PreferencesStore(url: url)
            try store.save(ToolPreferences())
            let firstInode = try inode(of: url)
            var changed = ToolPreferences()
            changed.undoDepth = 7
            try store.save(changed)
            // A rename puts a new file in place; writing in place would keep the inode.
            #expect(try inode(of: url) != firstInode)
            #expect(store.load().0.undoDepth == 7)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            #expect(names == ["prefs.json"])
        }

        @Test func failedSaveLeavesThePreviousFile() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let url = folder.file("prefs.json")
            try PreferencesStore(url: url).save(ToolPreferences())
            let before = try Data(contentsOf: url)
            // A file where the folder should be makes the save fail.
            let blocked = PreferencesStore(url: url.appendingPathComponent("inner.json"))
            #expect(throws: (any Error).self) { try blocked.save(ToolPreferencesTests.everythingChanged) }
            #expect(try Data(contentsOf: url) == before)
        }

        enum Damage: String, CaseIterable, CustomTestStringConvertible {
            case garbageBytes, truncatedJSON, notAnObject, emptyFile, directory
            var testDescription: String { rawValue }
        }

        @Test(arguments: Damage.allCases)
        func damagedFileGivesDefaultsAndAWarningNamingTheFile(_ damage: Damage) throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let url = folder.file("prefs.json")
            switch damage {
            case .garbageBytes:
                try Data([0xFF, 0xFE, 0x00, 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x7B]).write(to: url)
            case .truncatedJSON:
                var saved = try JSONEncoder().encode(ToolPreferencesTests.everythingChanged)
                saved = saved.prefix(saved.count / 2)
                try saved.write(to: url)
            case .notAnObject:
                try Data("[1, 2, 3]".utf8).write(to: url)
            case .emptyFile:
                try Data().write(to: url)
            case .directory:
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            }
            let (preferences, warning) = PreferencesStore(url: url).load()
            #expect(preferences == ToolPreferences())
            let text = try #require(warning)
            #expect(text.contains(url.path))
            #expect(text.contains("default"))
        }

        // Root reads any file, so the permission case only means something for others.
        @Test(.enabled(if: getuid() != 0, "root can read any file"))
        func unreadableFileGivesDefaultsAndAWarning() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let url = folder.file("prefs.json")
            try PreferencesStore(url: url).save(ToolPreferencesTests.everythingChanged)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
            let (preferences, warning) = PreferencesStore(url: url).load()
            #expect(preferences == ToolPreferences())
            #expect(warning?.contains("could not be read") == true)
        }

        @Test func repairedFileLoadsWithAWarningListingTheRepairs() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let url = folder.file("prefs.json")
            let json = #"{"undoDepth": 42, "gestures": {"doubleTap": "undo", "singleSqueeze": "undo"}}"#
            try Data(json.utf8).write(to: url)
            let (preferences, warning) = PreferencesStore(url: url).load()
            #expect(preferences.undoDepth == 42)
            #expect(preferences.gestures.action(for: .doubleTap) == .undo)
            #expect(preferences.gestures.action(for: .singleSqueeze) == GestureAction.none)
            let text = try #require(warning)
            #expect(text.contains(url.path) && text.contains("singleSqueeze"))
        }

        private func inode(of url: URL) throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            return try #require((attributes[.systemFileNumber] as? NSNumber)?.intValue)
        }
    }
}
