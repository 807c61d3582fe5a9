import Foundation
import Testing
import UDFJSON

@Suite struct JSONValueDecoderTests {
    private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        let encoded = try JSONValueEncoder().encode(value)
        let reparsed = try JSONParser().parse(encoded.canonicalText)
        return try JSONValueDecoder().decode(T.self, from: reparsed)
    }

    private func failure<T: Decodable>(_ type: T.Type, _ json: String) throws -> String? {
        let value = try JSONParser().parse(json)
        do {
            _ = try JSONValueDecoder().decode(type, from: value)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func valuesRoundTripThroughCanonicalText() throws {
        let state = TodoState(
            todos: [Todo(id: 1, title: "Milk", done: true, note: "2%", tags: ["a"]), Todo(id: 2, title: "", done: false, note: nil, tags: [])],
            filter: .active,
            selected: nil
        )
        #expect(try roundTrip(state) == state)
        let actions: [TodoAction] = [.add(title: "x", priority: 1), .toggle(id: 2), .remove(3), .rename(4, to: "y"), .clearCompleted]
        #expect(try roundTrip(actions) == actions)
        #expect(try roundTrip(Integers()) == Integers())
        #expect(try roundTrip(ExplicitOptionals(first: nil, second: nil)) == ExplicitOptionals(first: nil, second: nil))
        #expect(try roundTrip(ExplicitOptionals(first: 1, second: 2)) == ExplicitOptionals(first: 1, second: 2))
        #expect(try roundTrip([2: "b", 1: "a"] as [Int: String]) == [2: "b", 1: "a"])
        #expect(try roundTrip(["b": 2, "a": 1] as [String: Int]) == ["b": 2, "a": 1])
        #expect(try roundTrip([1.5: "x"] as [Double: String]) == [1.5: "x"])
        #expect(try roundTrip(Matrix(rows: [[1, 2], [], [3]])) == Matrix(rows: [[1, 2], [], [3]]))
        #expect(try roundTrip(["total": Cents(250)]) == ["total": Cents(250)])
        #expect(try roundTrip([0.1, -2.5, 1e20, 1.5e-7, Double.greatestFiniteMagnitude]) == [0.1, -2.5, 1e20, 1.5e-7, Double.greatestFiniteMagnitude])
        #expect(try roundTrip([Float(0.1), Float.leastNonzeroMagnitude]) == [Float(0.1), Float.leastNonzeroMagnitude])
    }

    @Test func foundationTypesRoundTrip() throws {
        let value = Foundations(
            date: sampleDate,
            data: Data([0, 1, 2, 253, 254, 255]),
            url: try #require(URL(string: "https://example.com/a%20b?q=1#top")),
            amount: try #require(Decimal(string: "12345678901234567890.123456789"))
        )
        #expect(try roundTrip(value) == value)
    }

    @Test func handWrittenContainersDecode() throws {
        let json = try JSONParser().parse(#"{"position":{"x":2,"y":-3},"super":{"name":"Rex"},"tricks":["sit","roll"]}"#)
        let dog = try JSONValueDecoder().decode(Dog.self, from: json)
        #expect(dog.name == "Rex")
        #expect(dog.tricks == ["sit", "roll"])
        #expect(dog.position == (2, -3))
    }

    @Test func datesAcceptFractionsAndOffsets() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Date.self, from: "2026-11-30T02:42:57.123Z") == sampleDate)
        #expect(try decoder.decode(Date.self, from: "2026-11-30T03:42:57.123+01:00") == sampleDate)
        #expect(try decoder.decode(Date.self, from: "1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(try decoder.decode(Date.self, from: "1969-12-31T23:59:58.5Z") == Date(timeIntervalSince1970: -1.5))
        #expect(try failure(Date.self, #""2026-02-29T00:00:00Z""#) == #"invalid value at .: "2026-02-29T00:00:00Z" is not an ISO 8601 date"#)
        #expect(try failure(Date.self, #""yesterday""#) == #"invalid value at .: "yesterday" is not an ISO 8601 date"#)
    }

    @Test func integersAreExactAndRangeChecked() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(UInt64.self, from: JSONParser().parse("18446744073709551615")) == UInt64.max)
        #expect(try decoder.decode(Int64.self, from: JSONParser().parse("-9223372036854775808")) == Int64.min)
        #expect(try decoder.decode(Int.self, from: JSONParser().parse("1.0")) == 1)
        #expect(try decoder.decode(Int.self, from: JSONParser().parse("1e2")) == 100)
        #expect(try failure(Int8.self, "300") == "invalid value at .: 300 does not fit in Int8")
        #expect(try failure(UInt.self, "-1") == "invalid value at .: -1 does not fit in UInt")
        #expect(try failure([Int].self, "[1, 2.5]") == "invalid value at .[1]: 2.5 is not an integer")
        #expect(try failure(Int64.self, "12345678901234567890123") == "invalid value at .: 12345678901234567890123 does not fit in Int64")
        #expect(try failure(Float.self, "1e300") == "invalid value at .: 1e300 does not fit in Float")
    }

    @Test func decimalsKeepEveryDigit() throws {
        let decimal = try JSONValueDecoder().decode(Decimal.self, from: JSONParser().parse("12345678901234567890.123456789"))
        #expect(decimal.description == "12345678901234567890.123456789")
    }

    @Test func typeMismatchNamesThePath() throws {
        let json = #"{"todos":[{"id":1,"title":"a","done":true,"tags":[]},{"id":2,"title":"b","done":false,"tags":[]},{"id":3,"title":"c","done":"yes","tags":[]}],"filter":"all"}"#
        #expect(try failure(TodoState.self, json) == "type mismatch at .todos[2].done: expected Bool, found string")
    }

    @Test func otherErrorsAreClearOneLiners() throws {
        #expect(try failure(TodoState.self, #"{"todos":[{"id":1,"title":"a","tags":[]}],"filter":"all"}"#) == "key not found at .todos[0].done")
        #expect(try failure(Todo.self, #"{"id":1,"title":null,"done":true,"tags":[]}"#) == "value not found at .title: expected String, found null")
        #expect(try failure(TodoState.self, #"{"todos":{},"filter":"all"}"#) == "type mismatch at .todos: expected array, found object")
        #expect(try failure(Todo.self, "[1]") == "type mismatch at .: expected object, found array")
        #expect(try failure(TodoState.self, #"{"todos":[],"filter":"urgent"}"#) == "invalid value at .filter: Cannot initialize Filter from invalid String value urgent")
        #expect(try failure(Data.self, #""@@@""#) == "invalid value at .: the string is not valid base64")
        #expect(try failure(Matrix.self, "[[1],{}]") == "type mismatch at .[1]: expected array, found object")
        #expect(try failure(TodoAction.self, #"{"add":{"title":"x","priority":1},"remove":{"_0":1}}"#)
            == "invalid value at .: Invalid number of keys found, expected one.")
        #expect(try failure(ExplicitOptionals.self, "{}") == "key not found at .first")
    }

    @Test func runningOffAnArrayNamesItsLength() throws {
        struct Pair: Decodable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                _ = try container.decode(Int.self)
                _ = try container.decode(Int.self)
            }
        }
        #expect(try failure([String: Pair].self, #"{"p":[1]}"#) == "value not found at .p[1]: the array has only 1 element")
    }

    @Test func decodingErrorsStillCatchableAsDecodingError() throws {
        struct Defaulted: Decodable {
            var count: Int
            enum CodingKeys: CodingKey { case count }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                do {
                    count = try container.decode(Int.self, forKey: .count)
                } catch DecodingError.keyNotFound {
                    count = -1
                }
            }
        }
        #expect(try JSONValueDecoder().decode(Defaulted.self, from: [:]).count == -1)
        #expect(try JSONValueDecoder().decode(Defaulted.self, from: ["count": 4]).count == 4)
    }

    @Test func jsonValuesDecodeAsThemselves() throws {
        let json = try JSONParser().parse(#"{"raw":[12345678901234567890123,null,{"a":"b"}]}"#)
        let decoded = try JSONValueDecoder().decode([String: JSONValue].self, from: json)
        #expect(JSONValue.object(decoded) == json)
        #expect(try JSONValueDecoder().decode(JSONNumber.self, from: json["raw"]?.arrayValue?[0] ?? nil).text == "12345678901234567890123")
    }

    @Test func jsonValueWorksWithFoundationCoders() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", nil, true], "b": [:]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }
}
