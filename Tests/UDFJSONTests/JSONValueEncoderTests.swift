import Foundation
import Testing
import UDFJSON

@Suite struct JSONValueEncoderTests {
    private func canonical<T: Encodable>(_ value: T) throws -> String {
        try JSONValueEncoder().encode(value).canonicalText
    }

    private func failure<T: Encodable>(_ value: T) -> String? {
        do {
            _ = try JSONValueEncoder().encode(value)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func enumsWithAssociatedValuesTakeSwiftsSynthesizedShape() throws {
        #expect(try canonical(TodoAction.add(title: "Milk", priority: 2)) == #"{"add":{"priority":2,"title":"Milk"}}"#)
        #expect(try canonical(TodoAction.toggle(id: 7)) == #"{"toggle":{"id":7}}"#)
        #expect(try canonical(TodoAction.remove(5)) == #"{"remove":{"_0":5}}"#)
        #expect(try canonical(TodoAction.rename(3, to: "Eggs")) == #"{"rename":{"_0":3,"to":"Eggs"}}"#)
        #expect(try canonical(TodoAction.clearCompleted) == #"{"clearCompleted":{}}"#)
        #expect(try canonical(Filter.active) == #""active""#)
    }

    @Test func optionalsAreNullWithEncodeAndOmittedWithEncodeIfPresent() throws {
        #expect(try canonical(ExplicitOptionals(first: nil, second: nil)) == #"{"first":null}"#)
        #expect(try canonical(ExplicitOptionals(first: 1, second: 2)) == #"{"first":1,"second":2}"#)
        #expect(try canonical(Todo(id: 1, title: "a", done: false, note: nil, tags: [])) == #"{"done":false,"id":1,"tags":[],"title":"a"}"#)
        #expect(try canonical([1, nil, 3] as [Int?]) == "[1,null,3]")
        #expect(try canonical(Int?.none) == "null")
    }

    @Test func nestedTypesEncodeAsNestedObjects() throws {
        let state = TodoState(
            todos: [
                Todo(id: 1, title: "Buy \"milk\"", done: true, note: "2%", tags: ["shop"]),
                Todo(id: 2, title: "Walk", done: false, note: nil, tags: []),
            ],
            filter: .completed,
            selected: 1
        )
        #expect(try canonical(state) == #"{"filter":"completed","selected":1,"todos":[{"done":true,"id":1,"note":"2%","tags":["shop"],"title":"Buy \"milk\""},{"done":false,"id":2,"tags":[],"title":"Walk"}]}"#)
    }

    @Test func foundationTypesHaveFixedForms() throws {
        let value = Foundations(
            date: sampleDate,
            data: Data([0, 1, 2, 253, 254, 255]),
            url: try #require(URL(string: "https://example.com/a%20b?q=1#top")),
            amount: try #require(Decimal(string: "12345678901234567890.123456789"))
        )
        #expect(try canonical(value) == #"{"amount":12345678901234567890.123456789,"data":"AAEC/f7/","date":"2026-11-30T02:42:57.123Z","url":"https://example.com/a%20b?q=1#top"}"#)
    }

    @Test func datesRoundToMillisecondsInUTC() throws {
        #expect(try canonical(Date(timeIntervalSince1970: 0)) == #""1970-01-01T00:00:00.000Z""#)
        #expect(try canonical(Date(timeIntervalSince1970: -1.5)) == #""1969-12-31T23:59:58.500Z""#)
        #expect(try canonical(Date(timeIntervalSince1970: 951_782_400.0004)) == #""2000-02-29T00:00:00.000Z""#)
        #expect(try canonical(Date(timeIntervalSince1970: 253_402_300_799.999)) == #""9999-12-31T23:59:59.999Z""#)
        #expect(failure(Date(timeIntervalSince1970: 253_402_300_800)) == "cannot encode Date 253402300800.0s since 1970 (outside years 0000-9999) at .")
    }

    @Test func dictionaryKeysFollowSwiftsDictionaryEncoding() throws {
        #expect(try canonical([2: "b", 1: "a", 10: "j"] as [Int: String]) == #"{"1":"a","10":"j","2":"b"}"#)
        #expect(try canonical(["b": 2, "a": 1] as [String: Int]) == #"{"a":1,"b":2}"#)
        // Keys that are neither String, Int nor CodingKeyRepresentable: a flat key/value array.
        #expect(try canonical([1.5: "x"] as [Double: String]) == #"[1.5,"x"]"#)
    }

    @Test func integersOfEveryWidthAreExact() throws {
        #expect(try canonical(Integers()) == #"{"int16":-32768,"int32":-2147483648,"int64":9223372036854775807,"int64Min":-9223372036854775808,"int8":-128,"uint":18446744073709551615,"uint16":65535,"uint32":4294967295,"uint64":18446744073709551615,"uint8":255}"#)
        #expect(try canonical(Int64.max) == "9223372036854775807")
        #expect(try canonical(UInt64.max) == "18446744073709551615")
        #expect(try canonical([UInt64.max, 0]) == "[18446744073709551615,0]")
    }

    @Test func floatingPointUsesShortestText() throws {
        #expect(try canonical([0.1, 1.0, -2.5, 1e20, 1.5e-7]) == "[0.1,1,-2.5,1e+20,1.5e-07]")
        #expect(try canonical([Float(0.1), Float(3)]) == "[0.1,3]")
    }

    @Test func nonFiniteNumbersThrowWithTheirPath() {
        let cart = Cart(items: [
            Item(name: "a", price: 1), Item(name: "b", price: 2), Item(name: "c", price: 3), Item(name: "d", price: .infinity),
        ])
        #expect(failure(cart) == "cannot encode Double.infinity at .items[3].price")
        #expect(failure(["x": [Double.nan]]) == "cannot encode Double.nan at .x[0]")
        #expect(failure(-Float.infinity) == "cannot encode -Float.infinity at .")
        #expect(failure(Decimal.nan) == "cannot encode Decimal.nan at .")
    }

    @Test func handWrittenContainersNestAndSuperEncode() throws {
        let dog = Dog(name: "Rex", tricks: ["sit", "roll"], position: (2, -3))
        #expect(try canonical(dog) == #"{"position":{"x":2,"y":-3},"super":{"name":"Rex"},"tricks":["sit","roll"]}"#)
        #expect(try canonical(Matrix(rows: [[1, 2], [], [3]])) == "[[1,2],[],[3]]")
        #expect(try canonical(["total": Cents(250)]) == #"{"total":250}"#)
    }

    @Test func jsonValuesAndNumbersPassThrough() throws {
        let literal = try #require(JSONNumber(literal: "12345678901234567890123"))
        #expect(try canonical(["raw": JSONValue.array([.number(literal), nil])]) == #"{"raw":[12345678901234567890123,null]}"#)
        #expect(try canonical([literal]) == "[12345678901234567890123]")
    }

    @Test func errorsThrownByATypeKeepTheirPath() {
        struct Picky: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "not today"))
            }
        }
        #expect(failure(["a": [Picky()]]) == "invalid value at .a[0]: not today")
    }
}
