/// Durations from repeated runs, summarised by their median (or mean).
struct Samples {
    private(set) var seconds: [Double] = []

    init(seconds: [Double] = []) {
        self.seconds = seconds
    }

    mutating func add(_ duration: Duration) {
        seconds.append(duration.seconds)
    }

    mutating func add(seconds value: Double) {
        seconds.append(value)
    }

    var median: Double {
        guard !seconds.isEmpty else { return .nan }
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var count: Int { seconds.count }

    var mean: Double {
        seconds.isEmpty ? .nan : seconds.reduce(0, +) / Double(seconds.count)
    }

    static func median(of values: [Double]) -> Double {
        Samples(seconds: values).median
    }
}

extension Duration {
    var seconds: Double {
        let (whole, atto) = components
        return Double(whole) + Double(atto) / 1e18
    }
}

/// Times `body` with the monotonic clock.
func measure(_ body: () throws -> Void) rethrows -> Double {
    try measureKeeping(body).seconds
}

/// Times `body` and hands back what it made, so that freeing it is not timed.
func measureKeeping<T>(_ body: () throws -> T) rethrows -> (value: T, seconds: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try body()
    return (value, (clock.now - start).seconds)
}
