import Foundation
import Preview
import PreviewServer
import Testing

/// A server on a free loopback port over a style and data file in a fresh folder.
final class RunningServer: @unchecked Sendable {
    let folder: URL
    let stylePath: String
    let dataPath: String
    let service: PreviewService
    let server: PreviewServer
    let task: Task<Void, Error>
    let port: Int

    init(grid: PreviewGrid = PreviewGrid(widths: [320, 375], contentSizes: [.large], appearances: [.light, .dark])) async throws {
        folder = try Fixtures.folder()
        stylePath = folder.appendingPathComponent("style.yaml").path
        dataPath = folder.appendingPathComponent("rows.json").path
        try Fixtures.oneLineStyle.write(toFile: stylePath, atomically: true, encoding: .utf8)
        try #"["Short", "Second row"]"#.write(toFile: dataPath, atomically: true, encoding: .utf8)
        try "TOP-SECRET-MARKER".write(to: folder.appendingPathComponent("secret.png"), atomically: true, encoding: .utf8)
        service = PreviewService(inputs: PreviewInputs(style: stylePath, data: dataPath, grid: grid, scale: 1))
        service.start()
        let server = try PreviewServer(service: service, port: 0)
        self.server = server
        let ports = AsyncStream<Int>.makeStream()
        task = Task { try await server.run { ports.continuation.yield($0) } }
        var iterator = ports.stream.makeAsyncIterator()
        port = await iterator.next() ?? 0
    }

    func stop() async {
        await server.stop()
        task.cancel()
        try? FileManager.default.removeItem(at: folder)
    }

    var host: String { "127.0.0.1:\(port)" }

    func get(_ target: String, method: String = "GET", host: String? = nil, headers: [String: String] = [:]) throws
        -> RawHTTP.Response
    {
        try RawHTTP.request(port: port, method: method, target: target, host: host ?? self.host, headers: headers)
    }
}

@Suite(.serialized) struct PreviewServerTests {
    @Test func servesThePageTheSheetAndFrames() async throws {
        let running = try await RunningServer()
        defer { Task { await running.stop() } }
        let page = try running.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(String(decoding: page.body, as: UTF8.self).contains("<title>Cellshot preview</title>"))
        #expect(page.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") })

        let state = try JSONSerialization.jsonObject(with: Data(running.get("/state.json").body)) as? [String: Any]
        #expect(state?["generation"] as? Int == 1)
        #expect(state?["error"] is NSNull)
        let sheet = state?["sheet"] as? [String: Any]
        #expect((sheet?["tiles"] as? [Any])?.count == 4 * 2)

        let png = try running.get("/image/sheet.png?g=1")
        #expect(png.status == 200 && png.headers["content-type"] == "image/png")
        #expect(Array(png.body.prefix(4)) == [137, 80, 78, 71])

        let frames =
            try JSONSerialization.jsonObject(with: Data(running.get("/frames/w320-large-dark-ltr.json").body)) as? [String: Any]
        let rows = try #require(frames?["rows"] as? [[String: Any]])
        #expect(rows.map { $0["row"] as? Int } == [1, 2])
        let nodes = try #require(rows.first?["nodes"] as? [[String: Any]])
        #expect(nodes.map { $0["kind"] as? String } == ["cell", "padding", "text"])
        let text = try #require(nodes.last?["frame"] as? [String: Double])
        #expect(text["x"] == 12 && text["y"] == 12 && text["width"] == 296)

        let head = try running.get("/image/sheet.png", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == String(png.body.count))
    }

    @Test func refusesHostileRequestsWithoutReadingAnything() async throws {
        let running = try await RunningServer()
        defer { Task { await running.stop() } }
        let port = running.port
        let cases: [(String, RawHTTP.Response, Int)] = [
            ("foreign Host", try running.get("/", host: "evil.example:\(port)"), 403),
            ("rebinding Host, right port", try running.get("/state.json", host: "attacker.test:\(port)"), 403),
            ("no Host", try RawHTTP.request(port: port, target: "/", host: nil), 400),
            ("foreign Origin", try running.get("/events?since=1", headers: ["Origin": "http://evil.example"]), 403),
            ("cross-site fetch", try running.get("/state.json", headers: ["Sec-Fetch-Site": "cross-site"]), 403),
            ("POST", try RawHTTP.request(port: port, method: "POST", target: "/", host: running.host, body: "x=1"), 405),
            ("DELETE", try running.get("/image/sheet.png", method: "DELETE"), 405),
            ("dot-dot", try running.get("/image/../secret.png"), 400),
            ("encoded dot-dot", try running.get("/image/%2e%2e/secret.png"), 400),
            ("encoded slash", try running.get("/image/..%2fsecret.png"), 400),
            ("backslash", try running.get("/image/..\\secret.png"), 400),
            ("encoded NUL", try running.get("/image/secret.png%00.png"), 400),
            ("raw NUL", try running.get("/image/secret\u{0}.png"), 400),
            ("unknown id", try running.get("/image/secret.png"), 404),
            ("unknown variant", try running.get("/frames/w999-large-light-ltr.json"), 404),
            ("a data file by name", try running.get("/rows.json"), 404),
        ]
        for (name, response, status) in cases {
            #expect(response.status == status, "\(name): \(response.raw)")
            #expect(!String(decoding: response.body, as: UTF8.self).contains("TOP-SECRET"), "\(name)")
            #expect(response.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") }, "\(name)")
        }
        #expect(cases.first { $0.0 == "POST" }?.1.headers["allow"] == "GET, HEAD")
    }

    @Test func liveReloadAnswersAfterASave() async throws {
        let running = try await RunningServer()
        defer { Task { await running.stop() } }
        let notice = Task { try running.get("/events?since=1") }
        while running.service.pagesWaiting(after: 1) == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        let saved = Date()
        try #"["Short", "Second row", "A third"]"#.write(toFile: running.dataPath, atomically: true, encoding: .utf8)
        // A page that does not know yet hears first that a render started (or, if it was quick, that it ended).
        let first = try JSONSerialization.jsonObject(with: Data(try await notice.value.body)) as? [String: Any]
        let noticeLatency = Date().timeIntervalSince(saved)
        #expect(
            (first?["generation"] as? Int == 1 && first?["rendering"] as? Bool == true) || first?["generation"] as? Int == 2,
            "\(String(describing: first))")
        let answer = try running.get("/events?since=1&rendering=1")
        let latency = Date().timeIntervalSince(saved)
        let event = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
        #expect(event?["generation"] as? Int == 2)
        #expect(event?["rendering"] as? Bool == false)
        #expect(latency < 1, "the page hears of a save within a second; took \(latency) s")
        print(
            "live reload: render noticed \(Int(noticeLatency * 1000)) ms and finished \(Int(latency * 1000)) ms after the save")

        // A broken style keeps the last good sheet and reports the error with its line and column.
        try "name: broken\ncontent:\n  text: { value: [unclosed\n".write(
            toFile: running.stylePath, atomically: true, encoding: .utf8)
        let broken = try running.get("/events?since=2&rendering=1")
        let report = try JSONSerialization.jsonObject(with: Data(broken.body)) as? [String: Any]
        #expect(report?["generation"] as? Int == 3)
        let message = try #require(report?["error"] as? String)
        #expect(message.contains("style.yaml:"), "\(message)")
        #expect(message.range(of: #"style\.yaml:\d+:\d+"#, options: .regularExpression) != nil, "\(message)")
        let state = try JSONSerialization.jsonObject(with: Data(running.get("/state.json").body)) as? [String: Any]
        #expect(((state?["sheet"] as? [String: Any])?["rows"] as? [Int]) == [1, 2, 3])
        #expect(try running.get("/image/sheet.png").status == 200)
    }
}
