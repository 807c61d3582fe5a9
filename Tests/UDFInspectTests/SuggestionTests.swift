import Testing
@testable import UDFInspect

@Suite struct SuggestionTests {
    private func distance(_ a: String, _ b: String) -> Int {
        Suggestion.editDistance(Array(a), Array(b))
    }

    @Test func editDistance() {
        #expect(distance("", "") == 0)
        #expect(distance("", "abc") == 3)
        #expect(distance("session", "session") == 0)
        #expect(distance("sesion", "session") == 1)
        #expect(distance("sessoin", "session") == 1)
        #expect(distance("kitten", "sitting") == 3)
    }

    @Test func closestCandidate() {
        let names = ["--session", "--timeline", "--json", "-h", "--help"]
        #expect(Suggestion.closest(to: "--sesion", among: names) == "--session")
        #expect(Suggestion.closest(to: "--jsno", among: names) == "--json")
        #expect(Suggestion.closest(to: "-json", among: names) == "--json")
        #expect(Suggestion.closest(to: "--x", among: names) == nil)
        #expect(Suggestion.closest(to: "--foo", among: names) == nil)
        #expect(Suggestion.closest(to: "--sessionsx", among: names) == "--session")
        #expect(Suggestion.closest(to: "--timelinexyz", among: names) == nil)
    }

    @Test func aWordThatBeginsOneCandidateFindsIt() {
        let names = ["--output", "--format", "--from", "--to", "--json"]
        #expect(Suggestion.closest(to: "--out", among: names) == "--output")
        #expect(Suggestion.closest(to: "--outp", among: names) == "--output")
        #expect(Suggestion.closest(to: "--form", among: names) == "--format")
        #expect(Suggestion.closest(to: "exp", among: ["export", "explain"]) == nil)
        #expect(Suggestion.closest(to: "expo", among: ["export", "explain"]) == "export")
    }

    @Test func tiesGoToTheFirstCandidate() {
        #expect(Suggestion.closest(to: "lag", among: ["log", "lug"]) == "log")
    }
}
