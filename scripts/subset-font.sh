#!/usr/bin/env bash
# Makes assets/DejaVuSansMono-ASCII.ttf, the font the game embeds: the printable ASCII characters
# (U+0020–U+007E, all the game draws) of assets/DejaVuSansMono.ttf, with the font's names (its
# copyright and licence) kept and hinting dropped (fontdue does not use it). fontdue parses every
# glyph at start-up: 95 glyphs instead of 3,377.
#
# Repeatable: fontTools' pyftsubset at a pinned version (from PyPI, in a temporary virtual
# environment unless that version is already installed) gives the same bytes on every run.
# Usage: scripts/subset-font.sh    (then commit the changed asset, if any)
set -euo pipefail
cd "$(dirname "$0")/.."

FONTTOOLS_VERSION=4.68.0
source=assets/DejaVuSansMono.ttf
out=assets/DejaVuSansMono-ASCII.ttf

if python3 -c "import fontTools, sys; sys.exit(fontTools.version != '$FONTTOOLS_VERSION')" 2>/dev/null; then
    python=python3
else
    venv=$(mktemp -d)
    trap 'rm -rf "$venv"' EXIT
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "fonttools==$FONTTOOLS_VERSION"
    python=$venv/bin/python
fi

"$python" -m fontTools.subset "$source" \
    --output-file="$out" \
    --unicodes=U+0020-007E \
    --layout-features= \
    --no-hinting \
    --name-IDs='*' \
    --name-languages='*' \
    --notdef-outline
echo "wrote $out ($(wc -c <"$out") bytes, from $(wc -c <"$source") bytes)"
