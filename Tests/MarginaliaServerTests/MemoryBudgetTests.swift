import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// The memory budget and its per-request meters (issue 25, item 4): admission, growth, the
/// per-request cap, and a document's decoding stopped by its meter. The whole server under
/// eight clients sending bombs is Tests/server/test_memory_budget.py.
@Suite struct MemoryBudgetTests {
    private static let mib = 1 << 20

    /// A one-page PDF whose content is one Flate stream of `size` zero bytes once inflated.
    private static func bomb(inflatingTo size: Int) throws -> Data {
        let document = try PDFDocument(data: Fixtures.sample)
        let page = try document.page(at: 0)
        let file = document.file
        let stream = try PDFStream.compressing(Array(repeating: 0x20, count: size), dictionary: PDFDictionary())
        let reference = file.add(.stream(stream))
        var dictionary = page.dictionary
        dictionary["Contents"] = .reference(reference)
        file.update(page.reference, with: .dictionary(dictionary))
        return try document.dataRepresentation()
    }

    @Test func admissionWaitsForWhatIsGivenBackAndRefusesWithRetryAfterWhenItIsNot() throws {
        let budget = MemoryBudget(.init(total: 64 * Self.mib, perRequest: 48 * Self.mib, admissionWait: 0.2))
        let first = try budget.admit("first", estimate: 48 * Self.mib)
        #expect(budget.inUse == 48 * Self.mib)
        do {
            _ = try budget.admit("second", estimate: 32 * Self.mib)
            Issue.record("admitted past the budget")
        } catch let error as ServiceError {
            #expect(error.httpStatus == 503 && error.retryAfter == 1)
            #expect(error.message.contains("--memory-budget"))
        }
        first.release()
        // Given back by another thread while the second waits: admitted.
        let patient = MemoryBudget(.init(total: 64 * Self.mib, perRequest: 48 * Self.mib, admissionWait: 30))
        let held = try patient.admit("held", estimate: 48 * Self.mib)
        DispatchQueue.global().async { held.release() }
        let second = try patient.admit("second", estimate: 32 * Self.mib)
        #expect(patient.inUse == 32 * Self.mib)
        second.release()
        #expect(patient.inUse == 0)
    }

    @Test func aMeterGrowsUpToTheCapAndThenRefusesNamingIt() throws {
        let budget = MemoryBudget(.init(total: 64 * Self.mib, perRequest: 16 * Self.mib, admissionWait: 0))
        let meter = try budget.admit("the test", estimate: Self.mib)
        try meter.charge(10 * Self.mib, for: "ten")
        #expect(meter.charged == 10 * Self.mib)
        #expect(throws: ServiceError.self) { try meter.charge(8 * Self.mib, for: "eight more") }
        guard let refusal = meter.refusal as? ServiceError, refusal.code == "tooLarge" else {
            Issue.record("expected tooLarge, got \(String(describing: meter.refusal))")
            return
        }
        #expect(refusal.message.contains("--request-memory") && refusal.message.contains("eight more"))
        #expect(refusal.reason == Reason(.requestMemory, [("maxBytes", .number(Double(16 * Self.mib))),
                                                          ("option", .string("--request-memory"))]))
        // Refused once, refused after: work that swallowed the error is still stopped.
        #expect(meter.hold(upTo: 1) == 0)
        meter.release()
        #expect(budget.inUse == 0)
    }

    @Test func aMeterRefusesAsBusyWhenOtherWorkHoldsTheBudget() throws {
        let budget = MemoryBudget(.init(total: 32 * Self.mib, perRequest: 32 * Self.mib, admissionWait: 0))
        let other = try budget.admit("other", estimate: 24 * Self.mib)
        let meter = try budget.admit("this", estimate: Self.mib)
        #expect(throws: ServiceError.self) { try meter.charge(16 * Self.mib, for: "sixteen") }
        #expect((meter.refusal as? ServiceError)?.retryAfter != nil)
        other.release()
        meter.release()
        #expect(budget.inUse == 0)
    }

    @Test func aDocumentDecodesNoFurtherThanItsMeterAllows() throws {
        let data = try Self.bomb(inflatingTo: 24 * Self.mib)
        let budget = MemoryBudget(.init(total: 64 * Self.mib, perRequest: 16 * Self.mib, admissionWait: 0))
        let meter = try budget.admit("reading", estimate: Self.mib)
        let document = try PDFDocument(data: data, meter: meter)
        #expect(throws: (any Error).self) { _ = try document.contentData(of: try document.page(at: 0)) }
        #expect(meter.refusal is ServiceError)
        #expect(meter.charged <= 16 * Self.mib)
        meter.release()
        // Without a meter the same document reads.
        let free = try PDFDocument(data: data)
        #expect(try free.contentData(of: try free.page(at: 0)).count == 24 * Self.mib)
    }

    @Test func aServiceAnswersAReadingLimitAs413NamingItAndARequestCapNamingTheOption() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var reading = PDFLimits()
        reading.maxDecodedStreamSize = 8 * Self.mib
        let service = try DocumentService(directory: directory, budget: MemoryBudget(.init(total: 64 * Self.mib, perRequest: 16 * Self.mib)),
                                          readingLimits: reading)
        let id = try service.catalogue.importDocument(name: "bomb.pdf", data: try Self.bomb(inflatingTo: 12 * Self.mib)).id
        do {
            _ = try service.exports.exportPNG(id, page: 0, scale: nil)
            Issue.record("the export passed a reading limit")
        } catch let error as ServiceError {
            #expect(error.httpStatus == 413)
            #expect(error.message.contains("maxDecodedStreamSize") && error.message.contains("MARGINALIA_LIMITS"))
            #expect(error.reason == Reason(.readingLimitNamed(.maxDecodedStreamSize), [("maxBytes", .number(Double(8 * Self.mib))),
                                                                                       ("option", .string("MARGINALIA_LIMITS"))]))
        }
        let capped = try DocumentService(directory: directory.appendingPathComponent("capped"),
                                         budget: MemoryBudget(.init(total: 64 * Self.mib, perRequest: 4 * Self.mib)))
        let other = try capped.catalogue.importDocument(name: "bomb.pdf", data: try Self.bomb(inflatingTo: 12 * Self.mib)).id
        do {
            _ = try capped.search.pageText(other, page: 0)
            Issue.record("the text read passed the request cap")
        } catch let error as ServiceError {
            #expect(error.httpStatus == 413)
            #expect(error.message.contains("--request-memory"))
            #expect(error.reason == Reason(.requestMemory, [("maxBytes", .number(Double(4 * Self.mib))),
                                                            ("option", .string("--request-memory"))]))
        }
        // Everything given back once the background indexer is done too.
        #expect(capped.search.waitForTextIndex())
        #expect(capped.budget.inUse == 0)
    }
}
