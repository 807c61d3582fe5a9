import Foundation
import TestSupport
import UDFJSON
import UDFLog

/// Recordings of a small shop cart, written through the real writer: some
/// sessions let the total fall below zero, some never do. Notes carry
/// quotes, backslashes and non-ASCII text, which an engine's loader must
/// keep intact.
enum CartRecordings {
    /// Writes `files` recordings into `directory`; the second holds two sessions.
    static func write(into directory: String, files: Int, steps: Int) throws {
        var random = SplitMix64(seed: 2_026)
        for file in 0..<files {
            let path = directory + "/cart-\(file).udf"
            for _ in 0..<(file == 1 ? 2 : 1) {
                let writer = try RecordingWriter(path: path, app: "Shop", options: .init(appVersion: "3.\(file)"))
                var total = 0
                var inputs: [StepInput] = [input(0, action: nil, total: total)]
                // Every third session has coupons large enough to go negative.
                let generous = random.next() % 3 == 0
                for step in 1..<steps {
                    let roll = Int(random.next() % 100)
                    let action: (String, Int)
                    if roll < 60 {
                        action = ("addItem", Int(random.next() % 900) + 100)
                    } else if roll < 85 {
                        action = ("removeItem", -min(total, Int(random.next() % 500)))
                    } else {
                        action = ("applyCoupon", -Int(random.next() % (generous ? 4_000 : 50)))
                    }
                    total += action.1
                    if !generous { total = max(total, 0) }
                    inputs.append(input(step, action: action, total: total))
                }
                try writer.append(inputs)
                try writer.close()
            }
        }
    }

    private static func input(_ step: Int, action: (String, Int)?, total: Int) -> StepInput {
        StepInput(
            step: step,
            time: Date(timeIntervalSince1970: 1_800_000_000 + Double(step) / 10),
            action: action.map { .object([$0.0: .object(["cents": .number(JSONNumber($0.1))])]) },
            actionName: action?.0,
            cause: nil,
            reducerNanoseconds: step == 0 ? nil : 1_000,
            state: .object([
                "totalCents": .number(JSONNumber(total)),
                "note": .string("coupon \"SAVE\\10\" ☃ 🛒 line\nbreak"),
                "items": .number(JSONNumber(step)),
            ])
        )
    }
}
