#!/bin/sh
# Installs everything tcgen05-check needs to build and test on Debian 12.
set -eu
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  cmake ninja-build g++ make python3 xz-utils \
  antlr4 libantlr4-runtime-dev uuid-dev \
  llvm-22-dev llvm-22-tools libzstd-dev \
  googletest libgtest-dev libbenchmark-dev pre-commit git \
  python3-pip python3-venv pkg-config binutils clang-format \
  clang clang-tidy libclang-rt-14-dev >/dev/null
