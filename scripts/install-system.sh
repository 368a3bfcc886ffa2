#!/usr/bin/env bash
# Debian packages the project needs: Tesseract (OCR of images and scanned PDF pages), ffmpeg (decoding
# audio uploads), espeak-ng (the speech `memsvc bench files` synthesises), Node.js and npm (the Node.js
# client's tests, and Neo4j's Cypher parser in the tests). With `--test` (make install-test), also
# Chromium, the browser tests/test_console.py drives with Playwright, and CMake and g++, which build
# llama-cpp-python for tests/test_llm_server.py.
# Installs only what is missing; needs root or sudo for that.
set -euo pipefail

missing=()
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
if [ "${1:-}" = "--test" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  # llama-cpp-python (the LLM-answer tests' server) builds from source.
  command -v cmake >/dev/null 2>&1 || missing+=(cmake)
  command -v g++ >/dev/null 2>&1 || missing+=(g++)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
  echo "install-system: need root to install: ${missing[*]}" >&2; exit 1
fi
echo "install-system: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
