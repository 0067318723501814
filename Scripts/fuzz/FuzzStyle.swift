// libFuzzer target: the style language decoder (YAML or JSON style files) and table files.
// Built by Scripts/fuzz.sh; Tests/HardeningTests/FuzzCorpusTests.swift replays the corpus the same way.
import CellStyle

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStyle(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // A base folder that does not exist: `extends` and `fonts` paths in fuzzed input find nothing.
    _ = try? StyleDecoder.decode(text, source: "fuzz.yaml", baseFolder: "/nonexistent-cellshot-fuzz")
    return 0
}
