import Foundation
import Yams

/// `extends`: a style built on another (a built-in name or a file relative to the style), with
/// its own keys deep-merged over the parent's.
///
/// Mappings merge key by key; lists and scalars replace; an element replaced by an element of
/// another kind replaces it whole. A cycle is an error naming the chain.
enum StyleInheritance {
    static let maxChain = 16

    static func load(_ text: String, source: String, baseFolder: String, chain: [String]) throws(StyleError) -> Node {
        let node = try StyleDecoder.compose(text, source: source)
        guard case .mapping(let mapping) = node, let parentNode = mapping["extends"] else { return node }
        guard case .scalar(let scalar) = parentNode else {
            throw StyleError(diagnostics: [
                diagnostic(source, parentNode, "expected the name of a built-in style or a style file")
            ])
        }
        let parentName = scalar.string
        let key = BuiltinStyles.names.contains(parentName) ? parentName : absolute(parentName, in: baseFolder)
        let here = chain.isEmpty ? [source] : chain
        if here.contains(key) || key == source {
            let names = (here + [key]).joined(separator: " → ")
            throw StyleError(diagnostics: [diagnostic(source, parentNode, "`extends` forms a cycle: \(names)")])
        }
        guard here.count < maxChain else {
            throw StyleError(diagnostics: [diagnostic(source, parentNode, "`extends` chains more than \(maxChain) styles")])
        }
        let parent: Node
        if let builtin = BuiltinStyles.source(named: parentName) {
            parent = try load(builtin, source: "built-in style \(parentName)", baseFolder: baseFolder, chain: here + [key])
        } else {
            guard let data = FileManager.default.contents(atPath: key) else {
                var message = "`extends: \(parentName)`: no built-in style or readable file by that name (looked for \(key))"
                if let near = nearest(to: parentName, in: BuiltinStyles.names) { message += "; did you mean `\(near)`?" }
                throw StyleError(diagnostics: [diagnostic(source, parentNode, message)])
            }
            let folder = URL(fileURLWithPath: key).deletingLastPathComponent().path
            parent = try load(String(decoding: data, as: UTF8.self), source: key, baseFolder: folder, chain: here + [key])
        }
        let own = Node.Mapping(
            mapping.filter { $0.key.scalar?.string != "extends" }.map { ($0.key, $0.value) }, mapping.tag, mapping.style,
            mapping.mark)
        return merge(parent, .mapping(own))
    }

    static func merge(_ base: Node, _ override: Node) -> Node {
        guard case .mapping(let baseMapping) = base, case .mapping(let overrideMapping) = override else { return override }
        let baseKeys = Array(baseMapping.keys.compactMap { $0.scalar?.string })
        let overrideKeys = Array(overrideMapping.keys.compactMap { $0.scalar?.string })
        let isElement = { (keys: [String]) in keys.count == 1 && elementKinds.contains(keys[0]) }
        if isElement(baseKeys), isElement(overrideKeys), baseKeys != overrideKeys { return override }
        var pairs: [(Node, Node)] = baseMapping.map { ($0.key, $0.value) }
        for (key, value) in overrideMapping {
            if let index = pairs.firstIndex(where: { $0.0.scalar?.string == key.scalar?.string }) {
                pairs[index] = (key, merge(pairs[index].1, value))
            } else {
                pairs.append((key, value))
            }
        }
        return .mapping(Node.Mapping(pairs, overrideMapping.tag, overrideMapping.style, overrideMapping.mark))
    }

    static func absolute(_ path: String, in folder: String) -> String {
        let full = path.hasPrefix("/") ? path : folder + "/" + path
        return URL(fileURLWithPath: full).standardizedFileURL.path
    }

    static func diagnostic(_ source: String, _ node: Node, _ message: String) -> StyleDiagnostic {
        StyleDiagnostic(source: source, line: node.mark?.line, column: node.mark?.column, path: "extends", message: message)
    }
}
