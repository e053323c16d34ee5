import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// The public command protocol over HTTP (`POST …/commands`, docs/api.md): commands a client
/// means, checked by the engine core's rules before anything is logged.
@Suite("API: the command protocol")
struct APICommandTests {
    func post(_ port: UInt16, _ id: String, _ body: String) throws -> TestResponse {
        try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/commands", body: Data(body.utf8))
    }

    func upload(_ port: UInt16) throws -> String {
        let upload = try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=sample.pdf", body: try SampleDocument.make())
        return try #require(try upload.json()["id"] as? String)
    }

    @Test func commandsAddMoveRestyleAndUndo() throws {
        try withRealAPI { port, service in
            let id = try upload(port)
            let before = try service.editing.annotations(id).annotations.count
            let add = try post(port, id, #"""
                {"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"add","annotations":[
                 {"type":"square","id":"s1","pageIndex":0,"rect":[100,100,200,150],"color":"#0000FF","width":2},
                 {"type":"ink","id":"i1","pageIndex":0,"width":3,"paths":[[[100,300],[200,320]]]}]}}
                """#)
            #expect(add.status == 200)
            #expect((try add.json()["applied"] as? [Any])?.count == 1, "two annotations added as one step")
            let move = try post(port, id, #"{"protocol":1,"baseRevision":1,"clientId":"t","command":{"type":"move","ids":["s1","i1"],"dx":-500,"dy":10}}"#)
            #expect(move.status == 200)
            let all = try service.editing.annotations(id).annotations
            let square = try #require(all.first { $0.id == "s1" }), ink = try #require(all.first { $0.id == "i1" })
            // Clamped for both together: the ink (its rect covers its width) reaches the page's
            // edge, the square keeps its distance from it.
            #expect(abs(ink.rect.minX) < 0.01 && abs(square.rect.minX - 2.5) < 0.01, "\(ink.rect) \(square.rect)")
            let restyle = try post(port, id, ##"{"protocol":1,"baseRevision":2,"clientId":"t","command":{"type":"restyle","ids":["s1"],"color":"#FF0000","fill":"#00FF00","opacity":0.5}}"##)
            #expect(restyle.status == 200)
            let styled = try #require(try service.editing.annotations(id).annotations.first { $0.id == "s1" })
            #expect(styled.color == .red && styled.interiorColor == Color(hex: "#00FF00") && styled.opacity == 0.5)
            #expect(try post(port, id, #"{"protocol":1,"baseRevision":3,"clientId":"t","command":{"type":"undo"}}"#).status == 200)
            #expect(try service.editing.annotations(id).annotations.first { $0.id == "s1" }?.color == Color(hex: "#0000FF"))
            #expect(try service.editing.annotations(id).annotations.count == before + 2)
        }
    }

    /// A bad field of an annotation a command carries is refused with 422 naming it, as the
    /// checked reading words it, whichever command carries it; nothing is applied.
    @Test func aBadAnnotationFieldIsRefusedWith422NamingTheField() throws {
        try withRealAPI { port, service in
            let id = try upload(port)
            let before = try service.editing.annotations(id).annotations.count
            let commands: [(String, String)] = [
                (#"{"type":"add","annotations":[{"type":"square","pageIndex":0,"rect":[1,1,9,9]},{"type":"square","pageIndex":0,"rect":[1,1,9,9],"opacity":2}]}"#,
                 "annotation.opacity: expected a number from 0 to 1"),
                (#"{"type":"add","annotation":{"type":"square","pageIndex":0,"rect":[1,1,9,9],"color":"red"}}"#,
                 ##"annotation.color: expected a colour like "#FF8800", got "red""##),
                (#"{"type":"paste","annotations":[{"type":"ink","pageIndex":0,"paths":[[[1,1],[2]]]}]}"#,
                 "annotation.paths[0][1]: expected [x, y]"),
                (#"{"type":"add","annotation":{"type":"widget","pageIndex":0,"rect":[1,1,9,9]}}"#,
                 #"annotation.type: cannot create annotations of type "widget""#),
            ]
            for (command, message) in commands {
                let answer = try post(port, id, #"{"protocol":1,"baseRevision":0,"clientId":"t","command":"# + command + "}")
                #expect(answer.status == 422, "\(command)")
                let error = try answer.json()["error"] as? [String: Any]
                #expect((error?["message"] as? String)?.hasPrefix(message) == true, "\(String(describing: error))")
            }
            #expect(try service.editing.annotations(id).annotations.count == before)
        }
    }

    @Test func aRestyleChangesTheIconOfTheNotesAsOneStep() throws {
        try withRealAPI { port, service in
            let id = try upload(port)
            let add = try post(port, id, #"""
                {"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"add","annotations":[
                 {"type":"note","id":"n1","pageIndex":0,"rect":[100,700,120,720],"contents":"one"},
                 {"type":"note","id":"n2","pageIndex":0,"rect":[140,700,160,720],"contents":"two","icon":"Help"},
                 {"type":"square","id":"s1","pageIndex":0,"rect":[100,100,200,150]}]}}
                """#)
            #expect(add.status == 200)
            let restyle = try post(port, id, #"{"protocol":1,"baseRevision":1,"clientId":"t","command":{"type":"restyle","ids":["n1","n2","s1"],"icon":"Key"}}"#)
            #expect(restyle.status == 200)
            #expect((try restyle.json()["applied"] as? [Any])?.count == 1, "one step")
            func icons() throws -> [String] {
                try service.editing.annotations(id).annotations.compactMap { annotation in
                    if case .note(let note) = annotation.kind, annotation.id.hasPrefix("n") { return note.icon } else { return nil }
                }
            }
            #expect(try icons() == ["Key", "Key"])
            #expect(try post(port, id, #"{"protocol":1,"baseRevision":2,"clientId":"t","command":{"type":"undo"}}"#).status == 200)
            #expect(try icons() == ["Note", "Help"])
        }
    }

    @Test func pasteMakesNewIdsAndArrangeChangesTheOrderTheListShows() throws {
        try withRealAPI { port, service in
            let id = try upload(port)
            let add = try post(port, id, #"""
                {"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"add","annotations":[
                 {"type":"square","id":"a","pageIndex":0,"rect":[100,100,200,150]},
                 {"type":"square","id":"b","pageIndex":0,"rect":[120,120,220,170]}]}}
                """#)
            #expect(add.status == 200)
            let paste = try post(port, id, #"""
                {"protocol":1,"baseRevision":1,"clientId":"t","command":{"type":"paste","dx":12,"dy":-12,"annotations":[
                 {"type":"square","id":"a","pageIndex":1,"rect":[100,100,200,150],"author":"Someone"}]}}
                """#)
            #expect(paste.status == 200)
            let pasted = try #require(try service.editing.annotations(id, page: 1).annotations.last)
            #expect(pasted.id != "a" && pasted.rect == CGRect(x: 112, y: 88, width: 100, height: 50))
            let order = { try service.editing.annotations(id).annotations.filter { ["a", "b"].contains($0.id) }.map(\.id) }
            #expect(try order() == ["a", "b"])
            #expect(try post(port, id, #"{"protocol":1,"baseRevision":2,"clientId":"t","command":{"type":"arrange","ids":["a"],"to":"front"}}"#).status == 200)
            #expect(try order() == ["b", "a"])
            #expect(try post(port, id, #"{"protocol":1,"baseRevision":3,"clientId":"t","command":{"type":"undo"}}"#).status == 200)
            #expect(try order() == ["a", "b"])
            let bad = try post(port, id, #"{"protocol":1,"baseRevision":4,"clientId":"t","command":{"type":"arrange","ids":["a"],"to":"middle"}}"#)
            #expect(bad.status == 400)
        }
    }

    @Test func lockedAndReadOnlyAnnotationsAreRefusedWith403() throws {
        try withRealAPI { port, service in
            let id = try upload(port)
            let add = try post(port, id, #"""
                {"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"add","annotations":[
                 {"type":"square","id":"locked","pageIndex":0,"rect":[100,100,200,150],"flags":["print","locked"]},
                 {"type":"square","id":"readonly","pageIndex":0,"rect":[300,100,400,150],"flags":["print","readOnly"]}]}}
                """#)
            #expect(add.status == 200)
            for command in [#"{"type":"move","ids":["locked"],"dx":5,"dy":5}"#, #"{"type":"remove","ids":["locked"]}"#,
                            #"{"type":"resize","id":"locked","rect":[100,100,300,300]}"#,
                            ##"{"type":"restyle","ids":["locked"],"color":"#FF0000"}"##,
                            #"{"type":"change","annotation":{"type":"square","id":"locked","pageIndex":0,"rect":[0,0,50,50]}}"#,
                            #"{"type":"change","annotation":{"type":"square","id":"readonly","pageIndex":0,"rect":[300,100,400,150],"contents":"x"}}"#] {
                let refused = try post(port, id, #"{"protocol":1,"baseRevision":1,"clientId":"t","command":"# + command + "}")
                #expect(refused.status == 403, "\(command)")
                let error = try refused.json()["error"] as? [String: Any]
                #expect(error?["code"] as? String == "forbidden")
            }
            #expect(try service.catalogue.summary(id).revision == 1, "nothing refused was logged")
            // A locked annotation's text may change (its flags stay as they are).
            let text = try post(port, id, #"{"protocol":1,"baseRevision":1,"clientId":"t","command":{"type":"change","annotation":{"type":"square","id":"locked","pageIndex":0,"rect":[100,100,200,150],"flags":["print","locked"],"contents":"note"}}}"#)
            #expect(text.status == 200, "\(text.text)")
        }
    }

    /// A change that leaves `creationDate` out used to date the annotation afresh, so the text of a
    /// locked one could be changed only within the second it was made (a test that failed when the
    /// machine was slow).
    @Test func aChangeKeepsWhenAndByWhomTheAnnotationWasMade() throws {
        try withRealAPI { port, service in
            let id = try upload(port)
            let add = try post(port, id, #"""
                {"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"add","annotations":[
                 {"type":"square","id":"old","pageIndex":0,"rect":[100,100,200,150],"flags":["print","locked"],
                  "author":"Ada","creationDate":"2020-01-02T03:04:05Z"}]}}
                """#)
            #expect(add.status == 200)
            let change = try post(port, id, #"""
                {"protocol":1,"baseRevision":1,"clientId":"t","command":{"type":"change","annotation":
                 {"type":"square","id":"old","pageIndex":0,"rect":[100,100,200,150],"flags":["print","locked"],"contents":"new text",
                  "author":"Someone else","creationDate":"2024-06-07T08:09:10Z"}}}
                """#)
            #expect(change.status == 200, "\(change.text)")
            let changed = try #require(try service.editing.annotations(id).annotations.first { $0.id == "old" })
            #expect(changed.contents == "new text" && changed.author == "Ada")
            #expect(changed.creationDate == Date(timeIntervalSince1970: 1_577_934_245), "\(String(describing: changed.creationDate))")
        }
    }

    /// Issue 25, item 6: a `change` dropping `locked` from the flags used to unlock the
    /// annotation for anyone; only `unlock` clears a lock now, as a step of its own.
    @Test func onlyUnlockClearsALockAndAChangeAltersOnlyTheText() throws {
        try withRealAPI { port, service in
            let id = try upload(port)
            var revision = 0
            func send(_ command: String) throws -> TestResponse {
                let response = try post(port, id, #"{"protocol":1,"baseRevision":"# + "\(revision)" + #","clientId":"t","command":"# + command + "}")
                if response.status == 200 { revision += 1 }
                return response
            }
            func refusal(_ command: String) throws -> String {
                let response = try send(command)
                #expect(response.status == 403, "\(command)")
                return (try response.json()["error"] as? [String: Any])?["message"] as? String ?? ""
            }
            func flags(_ annotation: String) throws -> PDFAnnotationFlags? {
                try service.editing.annotations(id).annotations.first { $0.id == annotation }?.flags
            }
            let square = ##"{"type":"square","id":"sq","pageIndex":0,"rect":[100,100,200,150],"color":"#0000FF","##
            let note = ##"{"type":"note","id":"nt","pageIndex":0,"rect":[300,300,320,320],"color":"#FFFF00","##
            #expect(try send(#"{"type":"add","annotations":["# + square + #""flags":["print","locked"],"contents":"a"},"#
                             + note + #""flags":["print","lockedContents"],"contents":"keep"}]}"#).status == 200)
            // A change cannot clear either lock, nor alter a locked annotation's colour.
            #expect(try refusal(#"{"type":"change","annotation":"# + square + #""flags":["print"],"contents":"a"}}"#).contains("unlock"))
            #expect(try refusal(#"{"type":"change","annotation":"# + note + #""flags":["print"],"contents":"keep"}}"#).contains("unlock"))
            #expect(try refusal(##"{"type":"change","annotation":{"type":"square","id":"sq","pageIndex":0,"rect":[100,100,200,150],"color":"#FF0000","flags":["print","locked"],"contents":"a"}}"##).contains("color"))
            // LockedContents keeps the text and lets the rest change.
            #expect(try refusal(#"{"type":"change","annotation":"# + note + #""flags":["print","lockedContents"],"contents":"new"}}"#).contains("contents"))
            #expect(try send(##"{"type":"change","annotation":{"type":"note","id":"nt","pageIndex":0,"rect":[300,300,320,320],"color":"#00FF00","flags":["print","lockedContents"],"contents":"keep"}}"##).status == 200)
            // The locked square's text changes, its place does not; unlock is one logged step.
            let textChange = try send(#"{"type":"change","annotation":"# + square + #""flags":["print","locked"],"contents":"b"}}"#)
            #expect(textChange.status == 200, "\(textChange.text)")
            _ = try refusal(#"{"type":"move","ids":["sq"],"dx":5,"dy":5}"#)
            let unlocked = try send(#"{"type":"unlock","ids":["sq","nt"]}"#)
            #expect(unlocked.status == 200)
            #expect(try flags("sq") == [.print] && flags("nt") == [.print])
            let logged = try service.editing.operations(id, after: revision - 1).operations
            guard case .group(let name, let steps)? = logged.last?.operation else {
                Issue.record("unlock was not logged as its own step: \(logged)")
                return
            }
            #expect(name == "unlock" && steps.count == 2 && logged.last?.clientId == "t")
            #expect(try send(#"{"type":"move","ids":["sq"],"dx":5,"dy":5}"#).status == 200)
            // Undo takes the move back, then the unlock: both locks are back.
            #expect(try send(#"{"type":"undo"}"#).status == 200)
            #expect(try send(#"{"type":"undo"}"#).status == 200)
            #expect(try flags("sq") == [.print, .locked] && flags("nt") == [.print, .lockedContents])
        }
    }

    @Test(arguments: [
        (#"{"protocol":2,"baseRevision":0,"clientId":"t","command":{"type":"undo"}}"#, "protocol"),
        (#"{"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"restorePage","index":1,"pageObject":7}}"#, "unknown command"),
        (#"{"baseRevision":0,"clientId":"t","operation":{"restorePage":{"index":1,"pageObject":7}}}"#, "internal step"),
        (#"{"baseRevision":0,"clientId":"t","operation":{"op":"restorePage","index":1,"pageObject":7}}"#, "internal step"),
        (#"{"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"move","ids":[],"dx":1,"dy":1}}"#, "command.ids"),
        (#"{"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"stroke","pageIndex":0,"points":[[1,"x"]]}}"#, "command.points[0]"),
        (#"{"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"restyle","ids":["a"]}}"#, "nothing to change"),
        (#"{"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"rotatePage","index":0,"degrees":45}}"#, "multiple of 90"),
        (#"{"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"restyle","ids":["a"],"icon":"Star"}}"#, "command.icon: expected one of"),
    ])
    func malformedCommandsAndInternalStepsAre400(body: String, mention: String) throws {
        try withRealAPI { port, service in
            let id = try upload(port)
            let pages = try service.catalogue.summary(id).pageCount
            let refused = try post(port, id, body)
            #expect(refused.status == 400)
            let message = (try refused.json()["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains(mention), "\(message)")
            #expect(try service.catalogue.summary(id).pageCount == pages && service.catalogue.summary(id).revision == 0)
        }
    }

    @Test func pagesTurnAndMoveAsCommands() throws {
        try withRealAPI { port, service in
            let id = try upload(port)
            #expect(try post(port, id, #"{"protocol":1,"baseRevision":0,"clientId":"t","command":{"type":"rotatePage","index":0,"degrees":90}}"#).status == 200)
            #expect(try service.editing.pages(id)[0].rotation == 90)
            #expect(try post(port, id, #"{"protocol":1,"baseRevision":1,"clientId":"t","command":{"type":"movePage","from":0,"to":2}}"#).status == 200)
            #expect(try service.editing.pages(id)[2].rotation == 90)
            #expect(try post(port, id, #"{"protocol":1,"baseRevision":2,"clientId":"t","command":{"type":"removePage","index":5}}"#).status == 422)
            #expect(try post(port, id, #"{"protocol":1,"baseRevision":2,"clientId":"t","command":{"type":"undo"}}"#).status == 200)
            #expect(try service.editing.pages(id)[0].rotation == 90, "the page moved back to the front")
        }
    }
}
