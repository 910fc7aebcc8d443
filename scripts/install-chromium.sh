#!/usr/bin/env bash
# Installs Debian's Chromium headless shell (and CJK fonts, so Chinese and Japanese render) for the browser suite.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium-headless-shell fonts-noto-cjk >/dev/null
