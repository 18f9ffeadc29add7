#!/usr/bin/env bash
# Installs what Tengen needs to build, test and play matches, from Debian's
# packages (Debian 12 or later; Ubuntu works too), plus Sabaki's GTP library
# from the npm registry for the test that drives Tengen the way Sabaki does.
# libarchive reads the game collections for pattern learning (tar, gzip, xz
# and zip, as one stream, with its own errors). Open MPI is for cluster play
# (mpirun); matplotlib draws docs/cluster.md's plot. Uses sudo unless root.
set -euo pipefail
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
packages="cmake ninja-build g++ libboost-program-options-dev libspdlog-dev libgtest-dev libarchive-dev gnugo python3"
packages="$packages libopenmpi-dev openmpi-bin python3-matplotlib"
# Node.js and npm from Debian unless the machine has them already (a
# NodeSource Node.js bundles npm and conflicts with Debian's npm package).
command -v node >/dev/null || packages="$packages nodejs"
command -v npm >/dev/null || packages="$packages npm"
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $packages >/dev/null
(cd "$(dirname "$0")/../tests/sabaki" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
