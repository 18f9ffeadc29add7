#!/usr/bin/env bash
# Builds Tengen (Release, warnings as errors) and runs the whole test suite:
# the C++ tests through ctest and the match script's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTENGEN_WERROR=ON >/dev/null
cmake --build build -j "$(nproc)"
ctest --test-dir build --output-on-failure -j "$(nproc)"
python3 -m unittest discover -s scripts -p 'test_*.py'
