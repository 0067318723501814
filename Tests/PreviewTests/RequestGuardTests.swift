import PreviewServer
import Testing

@Suite struct RequestGuardTests {
    let guardian = RequestGuard(port: 8123)

    func check(
        _ target: String, method: String = "GET", host: [String] = ["127.0.0.1:8123"], origin: [String] = [], site: String? = nil
    ) -> Result<RequestGuard.Route, RequestGuard.Refusal> {
        guardian.check(method: method, target: target, hosts: host, origins: origin, fetchSite: site)
    }

    func status(_ result: Result<RequestGuard.Route, RequestGuard.Refusal>) -> Int {
        switch result {
        case .success: 200
        case .failure(let refusal): refusal.status
        }
    }

    @Test func routesTheKnownAddresses() throws {
        #expect(try check("/").get() == .page)
        #expect(try check("/state.json").get() == .state)
        #expect(try check("/events?since=4").get() == .events(since: 4, knowsRendering: false))
        #expect(try check("/events?since=4&rendering=1").get() == .events(since: 4, knowsRendering: true))
        #expect(try check("/image/sheet.png?g=3&debug=1").get() == .sheetImage(debug: true))
        #expect(try check("/image/w375-large-light-ltr.png?g=2").get() == .variantImage(id: "w375-large-light-ltr", debug: false))
        #expect(try check("/frames/w320-ax3-dark-rtl.json").get() == .variantFrames(id: "w320-ax3-dark-rtl"))
        #expect(try check("/", method: "HEAD").get() == .page)
    }

    @Test func answersOnlyLoopbackNamesWithThisPort() {
        for host in ["localhost:8123", "127.0.0.1:8123", "[::1]:8123", "LOCALHOST:8123"] {
            #expect(status(check("/", host: [host])) == 200, "\(host)")
        }
        for host in ["evil.example:8123", "localhost", "127.0.0.1:80", "localhost:8124", "127.0.0.1.nip.io:8123", "0.0.0.0:8123"]
        {
            #expect(status(check("/", host: [host])) == 403, "\(host)")
        }
        #expect(status(check("/", host: [])) == 400)
        #expect(status(check("/", host: ["localhost:8123", "evil.example"])) == 400)
    }

    @Test func refusesForeignOrigins() {
        #expect(status(check("/events?since=1", origin: ["http://127.0.0.1:8123"])) == 200)
        #expect(status(check("/events?since=1", origin: ["http://evil.example"])) == 403)
        #expect(status(check("/events?since=1", origin: ["null"])) == 403)
        #expect(status(check("/events?since=1", origin: ["https://127.0.0.1:8123"])) == 403)
        #expect(status(check("/events?since=1", site: "cross-site")) == 403)
        #expect(status(check("/events?since=1", site: "same-site")) == 403)
        #expect(status(check("/events?since=1", site: "same-origin")) == 200)
    }

    @Test func answersOnlyGetAndHead() {
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"] {
            #expect(status(check("/", method: method)) == 405, "\(method)")
        }
    }

    @Test func neverLetsAPathWander() {
        for target in [
            "/image/../Package.swift", "/image/%2e%2e/secret.png", "/image/%2E%2E%2Fsecret.png", "/image/..%5csecret.png",
            "/image\\..\\secret.png", "/image/a%00.png", "/image/a\u{0}.png", "/..", "//etc/passwd", "/image/sheet.png?x=%2e",
            "/image/ünï.png",
        ] {
            #expect(status(check(target)) == 400, "\(target)")
        }
        for target in [
            "/image/w999-large-light-ltr.json", "/etc/passwd", "/image/sheet", "/frames/sheet.png", "/image/a.b.png",
            "/image/UPPER.png", "/favicon.ico",
        ] {
            #expect(status(check(target)) == 404, "\(target)")
        }
    }

    @Test func acceptsTheChosenInterfaceWhenOneIsGiven() {
        let open = RequestGuard(port: 9000, extraHost: "192.0.2.7")
        #expect(open.allowedHosts == ["localhost:9000", "127.0.0.1:9000", "[::1]:9000", "192.0.2.7:9000"])
        #expect(RequestGuard(port: 9000, extraHost: "0.0.0.0").allowedHosts.count == 3)
    }
}
