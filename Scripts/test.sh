#!/usr/bin/env bash
# The whole test suite: installs what is missing, checks formatting (lint findings fail the run),
# builds, and runs every test. CI runs exactly this (see .ci/run).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
Scripts/install-deps.sh --browser
echo "== lint (swift format, configuration in .swift-format)"
swift format lint --strict --recursive Sources Tests Package.swift
echo "== build"
swift build --build-tests
echo "== test"
swift test --skip-build 2>&1 | tee .build/test-output.log
# Any GLib/Pango/Cairo warning printed during the tests fails the run (Cellshot's log writer
# prints them as "warning: from the C libraries: …"; GLib's own format as a fallback).
if grep -E "^warning: from the C libraries:|-(WARNING|CRITICAL) \*\*" .build/test-output.log; then
    echo "== the C libraries logged warnings during the tests (above)" >&2
    exit 1
fi
