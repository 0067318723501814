#!/usr/bin/env python3
"""Validates YAML/JSON files against a Cellshot JSON Schema.

Usage: validate-schema.py SCHEMA FILE...   Prints one line per file: `ok PATH` or
`invalid PATH: message`; exits 0 when every file is valid, 1 otherwise, 2 on bad usage.
Used by the test suite to prove the shipped schema is real.
"""
import json
import sys

import jsonschema
import yaml


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as handle:
        schema = json.load(handle)
    validator = jsonschema.Draft7Validator(schema)
    failed = False
    for path in argv[2:]:
        with open(path, encoding="utf-8") as handle:
            document = yaml.safe_load(handle)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if errors:
            failed = True
            where = "/".join(str(p) for p in errors[0].absolute_path)
            print(f"invalid {path}: {where}: {errors[0].message[:200]}")
        else:
            print(f"ok {path}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
