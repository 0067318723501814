import Foundation

/// One self-contained HTML page (images inlined as data URLs) for a person to act on.
enum HTMLReport {
    static func page(_ results: [CaseResult], folder: String) -> String {
        let failing = results.filter { !$0.passed }
        let title =
            failing.isEmpty
            ? "Cellshot goldens: all \(results.count) passed" : "Cellshot goldens: \(failing.count) of \(results.count) failed"
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
            h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 32px; } h3 { font-size: 15px; }
            table.summary { border-collapse: collapse; } table.summary td, table.summary th { padding: 2px 10px; text-align: left; }
            .passed { color: #248a3d; } .failed, .missing, .error { color: #d70015; }
            .explanation li.environment { font-weight: bold; }
            .images { display: flex; gap: 16px; align-items: flex-start; }
            figure { margin: 0; flex: 1; min-width: 0; } figcaption { font-weight: 600; margin-bottom: 4px; }
            figure img { max-width: 100%; border: 1px solid #c7c7cc; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            .debug { display: none; } body.show-debug .debug { display: block; } body.show-debug .plain { display: none; }
            .crop { margin: 12px 0; } .crop .images img { max-height: 400px; }
            label.toggle { position: sticky; top: 0; background: #fff; display: inline-block; padding: 6px 0; }
            </style></head>
            <body>
            <h1>\(escape(title))</h1>
            <label class="toggle"><input type="checkbox" id="debug-toggle"> Show debug borders over expected and actual</label>
            <table class="summary"><tr><th>case</th><th>result</th><th>pixels differing</th><th>first reason</th></tr>

            """
        for result in results {
            let pixels = result.mismatchedPixels.map { "\($0) of \(result.totalPixels ?? 0)" } ?? "–"
            let name = result.passed ? escape(result.name) : "<a href=\"#case-\(escape(result.name))\">\(escape(result.name))</a>"
            html += """
                <tr><td>\(name)</td><td class="\(result.status.rawValue)">\(result.status.rawValue)</td>\
                <td>\(pixels)</td><td>\(escape(result.explanation.first ?? ""))</td></tr>

                """
        }
        html += "</table>\n"
        for result in failing { html += section(result, folder: folder) }
        html += """
            <script>
            document.getElementById('debug-toggle').addEventListener('change', function (event) {
              document.body.classList.toggle('show-debug', event.target.checked);
            });
            </script>
            </body></html>

            """
        return html
    }

    static func section(_ result: CaseResult, folder: String) -> String {
        var html = #"<section class="case" id="case-\#(escape(result.name))">"# + "\n"
        html +=
            #"<h2>\#(escape(result.name)) — <span class="\#(result.status.rawValue)">\#(result.status.rawValue)</span></h2>"#
            + "\n"
        var numbers: [String] = []
        if let size = result.expectedSize { numbers.append("expected \(size.map(String.init).joined(separator: " × ")) px") }
        if let size = result.actualSize { numbers.append("actual \(size.map(String.init).joined(separator: " × ")) px") }
        if let count = result.mismatchedPixels, let total = result.totalPixels {
            numbers.append(
                "\(count) of \(total) pixels differ (\(String(format: "%.4f", Double(count) / Double(max(total, 1)) * 100))%)")
        }
        html += #"<p class="numbers">\#(escape(numbers.joined(separator: "; ")))</p>"# + "\n<ul class=\"explanation\">\n"
        for line in result.explanation {
            let kind = line.hasPrefix("environment changed") ? #" class="environment""# : ""
            html += "<li\(kind)>\(escape(line))</li>\n"
        }
        html += "</ul>\n<div class=\"images\">\n"
        html += figure("expected", plain: result.artifacts["expected"], debug: result.artifacts["expected-debug"], folder: folder)
        html += figure("actual", plain: result.artifacts["actual"], debug: result.artifacts["actual-debug"], folder: folder)
        html += figure("diff", plain: result.artifacts["diff"], debug: nil, folder: folder)
        html += "</div>\n"
        let crops = result.rowChanges.filter {
            result.artifacts["row-\($0.row)-expected"] != nil || result.artifacts["row-\($0.row)-actual"] != nil
        }
        if !crops.isEmpty {
            html += "<h3>Changed rows</h3>\n"
            for change in crops {
                html +=
                    #"<div class="crop" id="crop-\#(escape(result.name))-\#(change.row)"><h4>\#(escape(change.summary))</h4><div class="images">"#
                    + "\n"
                for side in ["expected", "actual", "diff"] {
                    html += figure(
                        "row \(change.row) \(side)", plain: result.artifacts["row-\(change.row)-\(side)"], debug: nil,
                        folder: folder)
                }
                html += "</div></div>\n"
            }
        }
        return html + "</section>\n"
    }

    static func figure(_ caption: String, plain: String?, debug: String?, folder: String) -> String {
        guard let plain, let source = dataURL(folder + "/" + plain) else { return "" }
        var html = "<figure><figcaption>\(escape(caption))</figcaption>"
        if let debug, let debugSource = dataURL(folder + "/" + debug) {
            html +=
                #"<img class="plain" alt="\#(escape(caption))" src="\#(source)"><img class="debug" alt="\#(escape(caption)) with debug borders" src="\#(debugSource)">"#
        } else {
            html += #"<img alt="\#(escape(caption))" src="\#(source)">"#
        }
        return html + "</figure>\n"
    }

    static func dataURL(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return "data:image/png;base64," + data.base64EncodedString()
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
