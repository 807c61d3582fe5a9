import Testing
import UDFJSON

@Suite struct JSONParserTests {
    private func message(_ text: String, limits: JSONParser.Limits = .default) -> String? {
        message(Array(text.utf8), limits: limits)
    }

    private func message(_ bytes: [UInt8], limits: JSONParser.Limits = .default) -> String? {
        do {
            let value = try JSONParser(limits: limits).parse(bytes)
            return "parsed: \(value.canonicalText)"
        } catch {
            return error.description
        }
    }

    @Test func parsesADocumentWithWhitespace() throws {
        let value = try JSONParser().parse(" {\"todos\" : [ {\"id\":1, \"done\":true, \"note\":null} ],\r\n\t\"count\": -2.5e3 } ")
        #expect(value == ["todos": [["id": 1, "done": true, "note": nil]], "count": .number(JSONNumber(literal: "-2.5e3")!)])
        #expect(value.canonicalText == #"{"count":-2.5e3,"todos":[{"done":true,"id":1,"note":null}]}"#)
    }

    @Test func parsesScalarsAtTheTopLevel() throws {
        #expect(try JSONParser().parse("true") == true)
        #expect(try JSONParser().parse(" null ") == nil)
        #expect(try JSONParser().parse("\"x\"") == "x")
        #expect(try JSONParser().parse("-0") == .number(JSONNumber(literal: "-0")!))
    }

    @Test func hugeIntegersRoundTripExactly() throws {
        let value = try JSONParser().parse("[12345678901234567890123,-98765432109876543210.000001]")
        #expect(value.arrayValue?.first?.numberValue?.text == "12345678901234567890123")
        #expect(value.canonicalText == "[12345678901234567890123,-98765432109876543210.000001]")
        #expect(try JSONParser().parse("1e-400").numberValue?.text == "1e-400")
    }

    @Test func decodesEscapes() throws {
        let value = try JSONParser().parse(#""\u00e9\ud83d\ude00\n\/\"\\\b\f\r\t\u0041""#)
        #expect(value == .string("é😀\n/\"\\\u{8}\u{C}\r\tA"))
    }

    @Test func acceptsRawMultiByteUTF8() throws {
        #expect(try JSONParser().parse("[\"中文 😀 é\"]") == ["中文 😀 é"])
    }

    @Test func skipsALeadingByteOrderMark() throws {
        #expect(try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
        #expect(message([0xEF, 0xBB, 0xBF] + Array("[x]".utf8))
            == "invalid JSON at line 1, column 2: unexpected character 'x', expected a value")
    }

    @Test func rejectsDeepNestingWithoutRecursing() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(message(deep) == "invalid JSON at line 1, column 513: nesting deeper than 512 levels")
        let objects = String(repeating: "{\"a\":", count: 100_000)
        #expect(message(objects) == "invalid JSON at line 1, column 2561: nesting deeper than 512 levels")
    }

    @Test func depthLimitIsConfigurable() throws {
        let limits = JSONParser.Limits(maxDepth: 2)
        #expect(message("[[1]]", limits: limits) == "parsed: [[1]]")
        #expect(message("[[[1]]]", limits: limits) == "invalid JSON at line 1, column 3: nesting deeper than 2 levels")
        #expect(message(#"{"a":{"b":{}}}"#, limits: limits) == "invalid JSON at line 1, column 11: nesting deeper than 2 levels")
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        var value = try JSONParser(limits: .init(maxDepth: 5000)).parse(deep)
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 5000)
    }

    @Test func rejectsInputOverTheByteLimit() {
        #expect(message("[1, 2]", limits: .init(maxBytes: 4))
            == "invalid JSON at line 1, column 1: input of 6 bytes exceeds the limit of 4 bytes")
    }

    @Test func rejectsDuplicateKeys() throws {
        #expect(message(#"{"a":1,"a":2}"#) == #"invalid JSON at line 1, column 8: duplicate key "a""#)
        #expect(message("{\"x\":{\"\\u0062\":1,\"b\":2}}") == #"invalid JSON at line 1, column 18: duplicate key "b""#)
        do {
            _ = try JSONParser().parse(#"{"a":1,"a":2}"#)
            Issue.record("duplicate key accepted")
        } catch {
            #expect(error.kind == .duplicateKey("a"))
            #expect(error.offset == 7)
            #expect(error.line == 1)
            #expect(error.column == 8)
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(message([UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "a"), 0xFF, UInt8(ascii: "\""), UInt8(ascii: "]")])
            == "invalid JSON at line 1, column 4: invalid UTF-8 byte 0xFF")
        // Overlong encoding of "/".
        #expect(message([UInt8(ascii: "\""), 0xC0, 0xAF, UInt8(ascii: "\"")])
            == "invalid JSON at line 1, column 2: invalid UTF-8 byte 0xC0")
        // A UTF-16 surrogate encoded as UTF-8.
        #expect(message([UInt8(ascii: "\""), 0xED, 0xA0, 0x80, UInt8(ascii: "\"")])
            == "invalid JSON at line 1, column 3: invalid UTF-8 byte 0xA0")
        // A sequence cut short by the closing quote.
        #expect(message([UInt8(ascii: "\""), 0xE2, 0x82, UInt8(ascii: "\"")])
            == "invalid JSON at line 1, column 3: invalid UTF-8 byte 0x22")
        #expect(message([UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")])
            == "invalid JSON at line 1, column 2: unexpected byte 0xFF, expected a value")
    }

    @Test func rejectsLoneSurrogates() {
        #expect(message(#"["\ud800"]"#) == #"invalid JSON at line 1, column 3: lone surrogate \ud800 in string"#)
        #expect(message(#""\udc00""#) == #"invalid JSON at line 1, column 2: lone surrogate \udc00 in string"#)
        #expect(message(#""x\ud800\u0041""#) == #"invalid JSON at line 1, column 3: lone surrogate \ud800 in string"#)
    }

    @Test func rejectsNumbersADoubleCannotHold() {
        #expect(message("[1e400]") == "invalid JSON at line 1, column 2: number 1e400 is too large for a double")
        #expect(message("-1E+400") == "invalid JSON at line 1, column 1: number -1E+400 is too large for a double")
        let tooLong = String(repeating: "9", count: 400)
        #expect(message(tooLong) == "invalid JSON at line 1, column 1: number \(tooLong) is too large for a double")
    }

    @Test func rejectsNaNAndInfinity() {
        #expect(message("[NaN]") == "invalid JSON at line 1, column 2: NaN and Infinity are not JSON numbers")
        #expect(message("-Infinity") == "invalid JSON at line 1, column 1: NaN and Infinity are not JSON numbers")
        #expect(message("Infinity") == "invalid JSON at line 1, column 1: NaN and Infinity are not JSON numbers")
    }

    @Test func rejectsMalformedNumbers() {
        #expect(message("01") == "invalid JSON at line 1, column 1: invalid number 01")
        #expect(message("[1.]") == "invalid JSON at line 1, column 2: invalid number 1.")
        #expect(message("-") == "invalid JSON at line 1, column 1: invalid number -")
        #expect(message("1e+") == "invalid JSON at line 1, column 1: invalid number 1e+")
        #expect(message("+1") == "invalid JSON at line 1, column 1: unexpected character '+', expected a value")
    }

    @Test func rejectsTruncatedInput() {
        #expect(message(#"{"a": [1, 2"#) == "invalid JSON at line 1, column 12: unexpected end of input, expected ',' or ']'")
        #expect(message(#"{"a""#) == "invalid JSON at line 1, column 5: unexpected end of input, expected ':'")
        #expect(message(#"["abc"#) == #"invalid JSON at line 1, column 6: unexpected end of input, expected '"'"#)
        #expect(message("") == "invalid JSON at line 1, column 1: unexpected end of input, expected a value")
        #expect(message("nul") == "invalid JSON at line 1, column 4: unexpected end of input, expected null")
    }

    @Test func rejectsTrailingData() {
        #expect(message(#"{"a":1} x"#) == "invalid JSON at line 1, column 9: unexpected character 'x' after the JSON value")
        #expect(message("1 2") == "invalid JSON at line 1, column 3: unexpected character '2' after the JSON value")
    }

    @Test func rejectsOtherSyntaxErrors() {
        #expect(message("[1,]") == "invalid JSON at line 1, column 4: unexpected character ']', expected a value")
        #expect(message(#"{"a":1,}"#) == "invalid JSON at line 1, column 8: unexpected character '}', expected a string key")
        #expect(message("{1:2}") == "invalid JSON at line 1, column 2: unexpected character '1', expected a string key")
        #expect(message(#"{"a" 1}"#) == "invalid JSON at line 1, column 6: unexpected character '1', expected ':'")
        #expect(message("[1 2]") == "invalid JSON at line 1, column 4: unexpected character '2', expected ',' or ']'")
        #expect(message("\"a\nb\"") == "invalid JSON at line 1, column 3: unescaped control character 0x0A in string")
        #expect(message(#""\x""#) == #"invalid JSON at line 1, column 2: invalid escape \x in string"#)
        #expect(message(#""\u12G4""#) == "invalid JSON at line 1, column 6: unexpected character 'G', expected a hex digit")
    }

    @Test func reportsLinesAndColumnsInScalars() {
        #expect(message("{\n  \"a\": tru\n}") == "invalid JSON at line 2, column 8: invalid literal, expected true")
        #expect(message("[\"é\", x]") == "invalid JSON at line 1, column 7: unexpected character 'x', expected a value")
    }

    @Test func parsesStringsAndBytesAlike() throws {
        let text = #"{"k":["v",1.5,false]}"#
        #expect(try JSONParser().parse(text) == JSONParser().parse(Array(text.utf8)))
        let bridged = String(decoding: Array(text.utf8), as: UTF8.self)
        #expect(try JSONParser().parse(bridged).canonicalText == text)
    }
}
