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
swift test --skip-build
