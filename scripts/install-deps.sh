#!/usr/bin/env bash
# Installs what Tengen needs to build, test and play matches, from Debian's
# packages (Debian 12 or later; Ubuntu works too). Uses sudo unless root.
set -euo pipefail
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends \
  cmake ninja-build g++ libboost-program-options-dev libspdlog-dev libgtest-dev \
  gnugo python3 >/dev/null
