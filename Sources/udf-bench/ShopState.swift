/// A state shaped like an outside host's (issue 16): a cart with products,
/// lines and a user, and a log of strings that grows with every action.
///
/// Unlike `BenchState` it has every shape the issue lists: arrays of strings
/// (`tags`, `log`), a log that grows with every action, nested dictionaries
/// (`settings`), enums with payloads (`status`), optionals that come and go
/// (`user`, `coupon`), and it grows to hundreds of KB over a long run.
struct ShopState: Codable, Sendable, Equatable {
    var user: ShopUser?
    var products: [ShopProduct]
    var cart: ShopCart
    var status: ShopStatus
    var totalCents: Int
    var payments: Int
    /// Section → key → value.
    var settings: [String: [String: String]]
    /// One entry per action: this is what grows.
    var log: [String]

    static let initial = ShopState(
        user: nil,
        products: (0..<ShopWorkload.productCount).map(ShopProduct.sample),
        cart: ShopCart(lines: [], coupon: nil),
        status: .idle,
        totalCents: 0,
        payments: 0,
        settings: [
            "display": ["theme": "light", "currency": "EUR"],
            "shipping": ["country": "FR", "speed": "standard"],
        ],
        log: []
    )
}

struct ShopUser: Codable, Sendable, Equatable {
    var id: Int
    var name: String
    var roles: [String]
}

struct ShopProduct: Codable, Sendable, Equatable {
    var id: Int
    var name: String
    var priceCents: Int
    var tags: [String]

    static func sample(_ index: Int) -> ShopProduct {
        ShopProduct(id: 500 + index, name: "Product \(index)", priceCents: 199 + 37 * index, tags: ["new", "shelf-\(index % 4)"])
    }
}

struct ShopCart: Codable, Sendable, Equatable {
    var lines: [ShopLine]
    var coupon: String?
}

struct ShopLine: Codable, Sendable, Equatable {
    var productID: Int
    var quantity: Int
}

/// An enum with payloads, as hosts model a checkout.
enum ShopStatus: Codable, Sendable, Equatable {
    case idle
    case checkout(lines: Int)
    case paid(receipt: String, cents: Int)
    case failed(reason: String)
}

enum ShopAction: Codable, Sendable {
    case addLine(productID: Int)
    case setQuantity(line: Int, quantity: Int)
    case removeLine
    case tag(productID: Int, tag: String)
    case login(id: Int)
    case logout
    case setting(section: String, key: String, value: String)
    case coupon(String?)
    case checkout
    case pay
}
