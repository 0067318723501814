import ArgumentParser
import Dispatch
import Foundation
import Preview
import PreviewServer

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serves a live preview page on this machine that reloads whenever the style or data file is saved.")

    @OptionGroup var preview: PreviewOptions

    @Option(help: "The port (default 0: any free port; the address is printed).")
    var port: UInt16 = 0

    @Option(help: "The interface to listen on (default 127.0.0.1). Anything else exposes your files' renders to the network.")
    var host = "127.0.0.1"

    func run() throws {
        let inputs: PreviewInputs
        do {
            // The page fits the sheet to the window, where 1x is as sharp and renders several
            // times faster (PNG encoding dominates); single variants stay at 2x unless chosen.
            var chosen = try preview.inputs(defaultScale: 1)
            chosen.variantScale = preview.scale ?? 2
            inputs = chosen
        } catch {
            throw fail(error)
        }
        Signals.unblockTermination()
        let service = PreviewService(inputs: inputs)
        service.onRender = { snapshot in
            if let error = snapshot.error {
                printError("error: \(error) (the page keeps the last good render)")
            } else {
                let latency =
                    snapshot.changeNoticed.map {
                        String(format: ", %.0f ms after the save settled", Date().timeIntervalSince($0) * 1000)
                    } ?? ""
                printError(
                    "rendered generation \(snapshot.generation) in \(String(format: "%.0f", snapshot.renderMilliseconds)) ms\(latency)"
                )
            }
        }
        service.start()
        let server: PreviewServer
        do {
            server = try PreviewServer(service: service, host: host, port: port)
        } catch {
            throw fail(.invalidOption("cannot listen on \(host):\(port): \(error)"))
        }
        let host = self.host
        let finished = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task {
            do {
                try await server.run { port in
                    let shown = host.contains(":") ? "[\(host)]" : host
                    FileDescriptorOutput.write("serving the preview at http://\(shown):\(port)/ (Ctrl-C to stop)\n", to: 1)
                }
            } catch {
                failure.set("\(error)")
            }
            finished.signal()
        }
        finished.wait()
        if let message = failure.get() {
            printError("error: the server stopped: \(message)")
            throw ExitCode(1)
        }
    }
}

final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var message: String?
    func set(_ value: String) { lock.withLock { message = value } }
    func get() -> String? { lock.withLock { message } }
}
