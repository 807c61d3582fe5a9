import UDF

/// The shop's reducer and a fixed cycle of 16 actions over it, so every run
/// of the same length records the same steps.
///
/// Every action appends one entry (about 15 bytes of JSON) to `log`; a
/// payment every 16 actions changes `totalCents`; the shipping country
/// changes once every 50,000 actions, a path that changes rarely.
enum ShopWorkload {
    static let productCount = 12

    static let reducer = Reducer<ShopState, ShopAction> { state, action in
        apply(action, to: &state)
        state.log.append("\(state.log.count):\(action.kind)")
        return .none
    }

    private static func apply(_ action: ShopAction, to state: inout ShopState) {
        switch action {
        case .addLine(let productID):
            if let index = state.cart.lines.firstIndex(where: { $0.productID == productID }) {
                state.cart.lines[index].quantity += 1
            } else {
                state.cart.lines.append(ShopLine(productID: productID, quantity: 1))
            }
        case .setQuantity(let line, let quantity):
            guard !state.cart.lines.isEmpty else { return }
            state.cart.lines[line % state.cart.lines.count].quantity = quantity
        case .removeLine:
            if !state.cart.lines.isEmpty { state.cart.lines.removeFirst() }
        case .tag(let productID, let tag):
            guard let index = state.products.firstIndex(where: { $0.id == productID }) else { return }
            state.products[index].tags[state.products[index].tags.count - 1] = tag
        case .login(let id):
            state.user = ShopUser(id: id, name: "User \(id)", roles: id % 2 == 0 ? ["buyer"] : ["buyer", "admin"])
        case .logout:
            state.user = nil
        case .setting(let section, let key, let value):
            state.settings[section, default: [:]][key] = value
        case .coupon(let code):
            state.cart.coupon = code
        case .checkout:
            state.status = state.cart.lines.isEmpty ? .failed(reason: "empty cart") : .checkout(lines: state.cart.lines.count)
        case .pay:
            let cents = state.cart.lines.reduce(0) { total, line in
                total + line.quantity * (state.products.first { $0.id == line.productID }?.priceCents ?? 0)
            }
            state.totalCents += cents
            state.payments += 1
            state.status = .paid(receipt: "r\(state.payments)", cents: cents)
            state.cart.lines = []
        }
    }

    /// The `n`th action of the cycle (n from 0).
    static func action(_ n: Int) -> ShopAction {
        let product = 500 + (n / 16 * 7) % productCount
        switch n % 16 {
        case 0, 2, 9, 12: return .addLine(productID: product + n % 3)
        case 1, 11: return .setQuantity(line: n / 16, quantity: n % 5 + 1)
        case 3, 13: return .tag(productID: product, tag: "t\(n % 97)")
        case 4: return n % 32 == 4 ? .login(id: n / 32 % 1_000) : .logout
        case 5: return .setting(section: "display", key: "k\(n / 16 % 13)", value: "v\(n % 7)")
        case 6: return .coupon(n % 32 == 6 ? "SAVE\(n / 32 % 10)" : nil)
        case 7: return .checkout
        case 8: return .pay
        case 10: return .removeLine
        default:
            return n % 50_000 == 14
                ? .setting(section: "shipping", key: "country", value: ["FR", "DE", "IT", "ES"][n / 50_000 % 4])
                : .setting(section: "shipping", key: "speed", value: n % 32 == 14 ? "express" : "standard")
        }
    }
}

extension ShopAction {
    /// The case name, for the log.
    var kind: String {
        switch self {
        case .addLine: "addLine"
        case .setQuantity: "setQuantity"
        case .removeLine: "removeLine"
        case .tag: "tag"
        case .login: "login"
        case .logout: "logout"
        case .setting: "setting"
        case .coupon: "coupon"
        case .checkout: "checkout"
        case .pay: "pay"
        }
    }
}
