/// Decides whether a request may be answered, before anything is looked up: the server's
/// whole attack surface in one pure function.
///
/// Rules: the Host header names this server on a loopback name (or the explicitly chosen
/// interface) with its port — a DNS-rebinding page sends its own name; a request that carries
/// an Origin or a cross-site Sec-Fetch-Site comes from this server's own page or is refused;
/// only GET and HEAD; the target is matched character by character against a closed set of
/// routes and ids, never turned into a file path.
public struct RequestGuard: Sendable {
    /// The `host:port` values the Host header may take.
    public let allowedHosts: Set<String>

    public init(port: Int, extraHost: String? = nil) {
        var hosts: Set<String> = ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)"]
        if let extraHost, !["0.0.0.0", "::", "[::]"].contains(extraHost) {
            hosts.insert(extraHost.contains(":") && !extraHost.hasPrefix("[") ? "[\(extraHost)]:\(port)" : "\(extraHost):\(port)")
        }
        allowedHosts = hosts
    }

    /// Where an accepted request goes.
    public enum Route: Equatable, Sendable {
        case page
        case state
        /// The live-reload long poll: answers when the generation passes `since`, or when a render
        /// starts and the page does not know yet.
        case events(since: Int, knowsRendering: Bool)
        case sheetImage(debug: Bool)
        case variantImage(id: String, debug: Bool)
        case variantFrames(id: String)
    }

    /// Why a request is refused, with its status code.
    public struct Refusal: Error, Equatable, Sendable {
        public var status: Int
        public var reason: String
    }

    /// Checks a request; `target` is the raw request target (path and query, still percent-encoded).
    public func check(method: String, target: String, hosts: [String], origins: [String], fetchSite: String?) -> Result<
        Route, Refusal
    > {
        guard hosts.count == 1, let host = hosts.first, !host.isEmpty else {
            return .failure(Refusal(status: 400, reason: "a request needs exactly one Host header"))
        }
        guard allowedHosts.contains(host.lowercased()) else {
            return .failure(Refusal(status: 403, reason: "Host `\(host)` is not this server (only loopback names are answered)"))
        }
        if origins.count > 1 {
            return .failure(Refusal(status: 403, reason: "more than one Origin header"))
        }
        if let origin = origins.first, !allowedHosts.contains(where: { "http://\($0)" == origin.lowercased() }) {
            return .failure(Refusal(status: 403, reason: "requests from `\(origin)` are refused; open the page from this server"))
        }
        if let fetchSite, fetchSite != "same-origin", fetchSite != "none" {
            return .failure(Refusal(status: 403, reason: "cross-site requests are refused"))
        }
        guard method == "GET" || method == "HEAD" else {
            return .failure(Refusal(status: 405, reason: "only GET and HEAD are answered"))
        }
        return route(target)
    }

    /// Matches the target against the fixed routes; anything outside `[A-Za-z0-9/._=&-]` is refused.
    func route(_ target: String) -> Result<Route, Refusal> {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._=&-")
        guard target.count <= 200, target.allSatisfy({ allowed.contains($0) || $0 == "?" }),
            target.filter({ $0 == "?" }).count <= 1
        else {
            return .failure(Refusal(status: 400, reason: "the address has characters this server never uses"))
        }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        guard path.hasPrefix("/"), !path.contains(".."), !path.contains("//") else {
            return .failure(Refusal(status: 400, reason: "malformed path"))
        }
        var query: [String: String] = [:]
        if parts.count > 1 {
            for item in parts[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
            }
        }
        let debug = query["debug"] == "1"
        switch path {
        case "/": return .success(.page)
        case "/state.json": return .success(.state)
        case "/events":
            return .success(.events(since: Int(query["since"] ?? "") ?? -1, knowsRendering: query["rendering"] == "1"))
        case "/image/sheet.png": return .success(.sheetImage(debug: debug))
        default: break
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.count == 3, segments[0].isEmpty, let (id, ext) = Self.idAndExtension(segments[2]) {
            if segments[1] == "image", ext == "png" { return .success(.variantImage(id: id, debug: debug)) }
            if segments[1] == "frames", ext == "json" { return .success(.variantFrames(id: id)) }
        }
        return .failure(Refusal(status: 404, reason: "no such page or image"))
    }

    /// `w375-large-light-ltr.png` → (`w375-large-light-ltr`, `png`); ids are `[a-z0-9-]` only.
    static func idAndExtension(_ name: Substring) -> (String, String)? {
        let pieces = name.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 2, !pieces[0].isEmpty,
            pieces[0].allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { return nil }
        return (String(pieces[0]), String(pieces[1]))
    }
}
