import FlyingFox
import FlyingSocks
import Foundation
import Preview

/// The live preview page on a local port: the page, the sheet and variant images, their frames
/// as JSON, and a long-poll endpoint that answers within a moment of a save.
public final class PreviewServer: Sendable {
    public let service: PreviewService
    public let host: String
    private let server: HTTPServer
    private let guardBox: GuardBox

    /// How long a live-reload request waits for a change before answering "nothing new".
    public static let longPollSeconds: TimeInterval = 10

    /// Prepares a server on `host` (127.0.0.1 unless chosen) and `port` (0: any free port).
    public init(service: PreviewService, host: String = "127.0.0.1", port: UInt16 = 0) throws {
        self.service = service
        self.host = host
        let address: any SocketAddress =
            host.contains(":") ? try sockaddr_in6.inet6(ip6: host, port: port) : try sockaddr_in.inet(ip4: host, port: port)
        let box = GuardBox()
        self.guardBox = box
        self.server = HTTPServer(
            config: HTTPServer.Configuration(address: address, timeout: Self.longPollSeconds + 20, logger: .disabled),
            handler: PreviewHandler(service: service, guardBox: box))
    }

    /// Runs until the task is cancelled or `stop()` is called; `onListening` gets the port.
    public func run(onListening: @escaping @Sendable (Int) -> Void) async throws {
        let server = self.server
        let box = guardBox
        let host = self.host
        async let running: Void = server.run()
        try await server.waitUntilListening()
        guard let address = await server.listeningAddress else { throw SocketError.disconnected }
        let port: Int
        switch address {
        case .ip4(_, let p), .ip6(_, let p): port = Int(p)
        case .unix: port = 0
        }
        box.set(RequestGuard(port: port, extraHost: ["127.0.0.1", "::1", "localhost"].contains(host) ? nil : host))
        onListening(port)
        try await running
    }

    public func stop() async {
        service.stop()
        await server.stop(timeout: 1)
    }
}

/// The guard, set once the port is known; until then every request is refused.
final class GuardBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: RequestGuard?

    func set(_ guardValue: RequestGuard) { lock.withLock { value = guardValue } }
    func get() -> RequestGuard? { lock.withLock { value } }
}

struct PreviewHandler: HTTPHandler {
    let service: PreviewService
    let guardBox: GuardBox

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let requestGuard = guardBox.get() else { return refuse(503, "starting", head: false) }
        let head = request.method == .HEAD
        let verdict = requestGuard.check(
            method: request.method.rawValue, target: request.target.rawValue,
            hosts: request.headers.values(for: HTTPHeader("Host")),
            origins: request.headers.values(for: HTTPHeader("Origin")), fetchSite: request.headers[HTTPHeader("Sec-Fetch-Site")])
        switch verdict {
        case .failure(let refusal):
            var response = refuse(refusal.status, refusal.reason, head: head)
            if refusal.status == 405 { response.headers[HTTPHeader("Allow")] = "GET, HEAD" }
            return response
        case .success(let route):
            return await answer(route, head: head)
        }
    }

    func answer(_ route: RequestGuard.Route, head: Bool) async -> HTTPResponse {
        switch route {
        case .page:
            return respond(Array(PreviewPage.html.utf8), type: "text/html; charset=utf-8", head: head)
        case .state:
            return respond(
                PreviewJSON.encode(PreviewJSON.state(service.current, grid: service.inputs.grid)), type: json, head: head)
        case .events(let since, let knowsRendering):
            let snapshot =
                head
                ? service.current
                : await service.waitForGeneration(
                    after: since, knowsRendering: knowsRendering, timeout: PreviewServer.longPollSeconds)
            let body: [String: Any] = [
                "generation": snapshot.generation, "error": snapshot.error ?? NSNull(), "rendering": snapshot.rendering,
            ]
            return respond(PreviewJSON.encode(body), type: json, head: head)
        case .sheetImage(let debug):
            guard let png = await service.sheetPNG(debug: debug) else { return refuse(404, "no sheet rendered yet", head: head) }
            return respond(png, type: "image/png", head: head)
        case .variantImage(let id, let debug):
            guard let image = await service.variant(id: id, debug: debug) else {
                return refuse(404, "no such variant", head: head)
            }
            return respond(image.png, type: "image/png", head: head)
        case .variantFrames(let id):
            guard let image = await service.variant(id: id, debug: false) else {
                return refuse(404, "no such variant", head: head)
            }
            return respond(PreviewJSON.encode(PreviewJSON.frames(image)), type: json, head: head)
        }
    }

    private var json: String { "application/json" }

    func respond(_ body: [UInt8], type: String, status: HTTPStatusCode = .ok, head: Bool) -> HTTPResponse {
        var headers: HTTPHeaders = [
            .contentType: type,
            HTTPHeader("Cache-Control"): "no-store",
            HTTPHeader("X-Content-Type-Options"): "nosniff",
            HTTPHeader("Referrer-Policy"): "no-referrer",
            HTTPHeader("X-Frame-Options"): "DENY",
            HTTPHeader("Content-Security-Policy"):
                "default-src 'none'; img-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
                + "frame-ancestors 'none'",
        ]
        if head { headers[.contentLength] = String(body.count) }
        return HTTPResponse(statusCode: status, headers: headers, body: head ? Data() : Data(body))
    }

    func refuse(_ status: Int, _ reason: String, head: Bool) -> HTTPResponse {
        let code = HTTPStatusCode(status, phrase: Self.phrases[status] ?? "Error")
        return respond(Array("\(status) \(reason)\n".utf8), type: "text/plain; charset=utf-8", status: code, head: head)
    }

    static let phrases = [
        400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 503: "Service Unavailable",
    ]
}
