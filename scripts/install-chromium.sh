#!/usr/bin/env bash
# Installs Debian's Chromium (and CJK fonts, so Chinese and Japanese render) for the browser suite.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
