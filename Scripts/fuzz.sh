#!/usr/bin/env bash
# Builds the libFuzzer targets of Scripts/fuzz/ (data loaders, style decoder, PNG decoder) with
# -sanitize=fuzzer,address and runs each for a fixed time.
#
#   Scripts/fuzz.sh [SECONDS per target, default 300] [TARGET…]   (targets: data style png)
#
# Corpora grow in .build-fuzz/corpus/<target> (seeded from the project's example files and the
# committed corpus Tests/HardeningTests/FuzzCorpus/<target>). A crash or timeout leaves its input
# in .build-fuzz/findings/<target>; fix the bug, then copy the input into the committed corpus,
# which the normal test suite replays (FuzzCorpusTests).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
seconds="${1:-300}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(data style png)
out=.build-fuzz
mkdir -p "$out/bin"

echo "== building the modules with -sanitize=fuzzer,address (release, $out)"
for target in CellData CellStyle ImageDiff; do
    swift build -c release --build-path "$out" --sanitize=fuzzer --sanitize=address --target "$target" 2>&1 | tail -1
done
release="$out/release"
objects() { for module in "$@"; do find "$release/$module.build" -name "*.o"; done; }

build_target() {
    local name=$1 file=$2
    shift 2
    # shellcheck disable=SC2046
    swiftc -O -sanitize=fuzzer,address -parse-as-library -I "$release/Modules" -I "$release" \
        -Xcc -fmodule-map-file="$root/.build-fuzz/checkouts/Yams/Sources/CYaml/include/module.modulemap" \
        "Scripts/fuzz/$file" $(objects "$@") -o "$out/bin/fuzz-$name" 2>&1 | grep -v "Cannot export local symbol" || true
}
for target in "${targets[@]}"; do
    case $target in
        data) build_target data FuzzData.swift CellData Yams CYaml ;;
        style) build_target style FuzzStyle.swift CellStyle CellData CellCore Yams CYaml ;;
        png) build_target png FuzzPNG.swift ImageDiff ;;
        *) echo "unknown target $target (data, style, png)" >&2; exit 2 ;;
    esac
done

seed() {
    local target=$1 corpus="$out/corpus/$1"
    mkdir -p "$corpus"
    cp -n Tests/HardeningTests/FuzzCorpus/"$target"/* "$corpus"/ 2>/dev/null || true
    case $target in
        data)
            # The data target's first byte picks the format: 0 JSON, 1 YAML, 2 CSV, 3 plist, 4 text.
            local index=0
            for ext in json yaml csv plist txt; do
                for file in Goldens/data/*."$ext" Tests/CellDataTests/*."$ext"; do
                    [ -f "$file" ] || continue
                    { printf "\\x0$index"; head -c 4000 "$file"; } >"$corpus/seed-$ext-$(basename "$file")"
                done
                index=$((index + 1))
            done ;;
        style)
            for file in Sources/CellStyle/Resources/Styles/*.yaml Goldens/styles/*.yaml Goldens/*.yaml; do
                cp "$file" "$corpus/seed-$(basename "$(dirname "$file")")-$(basename "$file")"
            done ;;
        png)
            for file in Goldens/data/icons/*.png Tests/ImageDiffTests/Fixtures/*.png; do
                [ -f "$file" ] && [ "$(stat -c %s "$file")" -lt 20000 ] && cp "$file" "$corpus/seed-$(basename "$file")"
            done ;;
    esac
}

for target in "${targets[@]}"; do
    seed "$target"
    mkdir -p "$out/findings/$target"
    echo "== fuzzing $target for $seconds s"
    # -timeout: an input taking over 10 s is reported as a hang; -rss_limit_mb bounds memory.
    # -detect_leaks=0: Foundation's PropertyListSerialization leaks its CFError on every bad plist.
    ASAN_OPTIONS=detect_leaks=0 "$out/bin/fuzz-$target" "$out/corpus/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
        -max_len=8192 -print_final_stats=1 -artifact_prefix="$out/findings/$target/" 2>&1 |
        grep -E "^(#[0-9]+ +(INITED|DONE)|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written)" || true
done
