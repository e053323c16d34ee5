import Testing
@testable import MarginaliaCore

/// A field's path names where a problem is, items of arrays included, however deep (the path
/// of an item is made only when asked for).
@Suite struct JSONFieldTests {
    static func field(_ text: String) throws -> JSONField {
        JSONField(try JSONParser.parse(text), path: "command")
    }

    @Test func anItemOfAnArrayIsNamedByItsIndex() throws {
        let items = try Self.field(#"{"ids":["a",2,"c"]}"#).member("ids").array()
        #expect(items.map(\.path) == ["command.ids[0]", "command.ids[1]", "command.ids[2]"])
        let error = try #require(throws: CommandError.self) { try Self.field(#"{"ids":["a",2]}"#).member("ids").strings() }
        #expect(error.message.hasPrefix("command.ids[1]: expected a string"), "\(error.message)")
    }

    @Test func anItemOfAnItemCarriesBothIndices() throws {
        let paths = try Self.field(#"{"paths":[[[0,0]],[[1,1],[2,"x"]]]}"#).member("paths").array()[1].array()
        #expect(paths.map(\.path) == ["command.paths[1][0]", "command.paths[1][1]"])
        let error = try #require(throws: CommandError.self) { try paths[1].point() }
        #expect(error.message.hasPrefix("command.paths[1][1]: expected [x, y]"), "\(error.message)")
    }

    @Test func aMemberOfAnItemIsNamedAfterIt() throws {
        let item = try Self.field(#"{"annotations":[{},{"rect":1}]}"#).member("annotations").array()[1]
        #expect(try item.member("rect").path == "command.annotations[1].rect")
    }
}
