/// A node of an encoder's or a decoder's walk, which knows where it sits:
/// the coding path that `Codable` asks for and that errors name.
protocol JSONCodingNode: AnyObject {
    var parent: Self? { get }
    var component: JSONCodingPathComponent? { get }
}

extension JSONCodingNode {
    var codingPath: [any CodingKey] {
        path.map(JSONCodingKey.init)
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var path: [JSONCodingPathComponent] {
        var components: [JSONCodingPathComponent] = []
        var node: Self? = self
        while let current = node, let component = current.component {
            components.append(component)
            node = current.parent
        }
        return components.reversed()
    }
}
