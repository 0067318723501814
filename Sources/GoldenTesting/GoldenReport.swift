import Foundation

/// The reports of a verify run: `results-SHARD.json` per shard, merged into one `report.html`
/// and one `junit.xml` in the artifacts folder.
public enum GoldenReport {
    /// Saves this shard's results, then rebuilds the merged reports from every shard's results
    /// present in `folder`. Returns the merged results.
    @discardableResult
    public static func write(_ results: [CaseResult], shard: Shard, to folder: String) throws(GoldenError) -> [CaseResult] {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if shard.count == 1 {
                // A whole run replaces every shard's results.
                for file in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] where isResultsFile(file) {
                    try manager.removeItem(atPath: folder + "/" + file)
                }
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(results).write(to: URL(fileURLWithPath: folder + "/results-\(shard.index)-of-\(shard.count).json"))
        } catch {
            throw .io(path: folder, message: "cannot write the results (\(error.localizedDescription))")
        }
        return try merge(folder: folder)
    }

    /// Rebuilds `report.html` and `junit.xml` from every `results-*.json` in `folder`.
    @discardableResult
    public static func merge(folder: String) throws(GoldenError) -> [CaseResult] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(isResultsFile).sorted()
        guard !files.isEmpty else { throw .io(path: folder, message: "no results-*.json to merge") }
        var byName: [String: CaseResult] = [:]
        for file in files {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file),
                let results = try? JSONDecoder().decode([CaseResult].self, from: data)
            else { throw .io(path: folder + "/" + file, message: "not a results file of cellshot verify") }
            for result in results { byName[result.name] = result }
        }
        let merged = byName.values.sorted { $0.name < $1.name }
        do {
            try Data(HTMLReport.page(merged, folder: folder).utf8).write(to: URL(fileURLWithPath: folder + "/report.html"))
            try Data(JUnitReport.xml(merged).utf8).write(to: URL(fileURLWithPath: folder + "/junit.xml"))
        } catch {
            throw .io(path: folder, message: "cannot write the reports (\(error.localizedDescription))")
        }
        return merged
    }

    static func isResultsFile(_ name: String) -> Bool { name.hasPrefix("results-") && name.hasSuffix(".json") }
}

/// JUnit XML: one test case per golden.
enum JUnitReport {
    static func xml(_ results: [CaseResult]) -> String {
        let failures = results.filter { $0.status == .failed || $0.status == .missing }.count
        let errors = results.filter { $0.status == .error }.count
        let time = results.reduce(0) { $0 + $1.time }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="cellshot goldens" tests="\#(results.count)" failures="\#(failures)" errors="\#(errors)">"#,
            #"  <testsuite name="goldens" tests="\#(results.count)" failures="\#(failures)" errors="\#(errors)" time="\#(String(format: "%.3f", time))">"#,
        ]
        for result in results {
            let open =
                #"    <testcase classname="goldens" name="\#(escape(result.name))" time="\#(String(format: "%.3f", result.time))""#
            switch result.status {
            case .passed:
                lines.append(open + "/>")
            case .failed, .missing, .error:
                let tag = result.status == .error ? "error" : "failure"
                let text = result.explanation.joined(separator: "\n")
                lines.append(open + ">")
                lines.append(#"      <\#(tag) message="\#(escape(result.explanation.first ?? ""))">\#(escape(text))</\#(tag)>"#)
                lines.append("    </testcase>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>", ""]
        return lines.joined(separator: "\n")
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 allows no other control characters.
                if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
