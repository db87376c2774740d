#!/usr/bin/env bash
# The game as a web page, in target/web/: index.html, tictactoe.wasm (the same program, built for
# wasm32-unknown-unknown with the size-optimised `web` profile), tictactoe.js (the page's side),
# macroquad's JS loader mq_js_bundle.js (web/, vendored with its licences) and the icon.
# Needs: rustup target add wasm32-unknown-unknown. Uses wasm-opt (Debian: binaryen) when it is
# installed and WASM_OPT is not 0.
# Serve it with: python3 -m http.server -d target/web   (then open http://localhost:8000/)
# Prints the sizes of the .wasm: as built, gzip -9 and brotli (when brotli is installed).
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir=${CARGO_TARGET_DIR:-target}
out=$target_dir/web
cargo build --profile web --locked --quiet --target wasm32-unknown-unknown --bin tictactoe
built=$target_dir/wasm32-unknown-unknown/web/tictactoe.wasm

rm -rf "$out"
mkdir -p "$out/licences"
cp web/index.html web/tictactoe.js web/mq_js_bundle.js assets/tictactoe.png "$out/"
cp LICENSE "$out/licences/tictactoe-LICENSE.txt"
cp assets/DejaVu-LICENSE.txt "$out/licences/DejaVu-LICENSE.txt"
cp web/mq_js_bundle-LICENSE-MIT "$out/licences/mq_js_bundle-LICENSE-MIT.txt"
cp web/mq_js_bundle-LICENSE-APACHE "$out/licences/mq_js_bundle-LICENSE-APACHE.txt"
cp vendor/miniquad/LICENSE-MIT "$out/licences/miniquad-LICENSE-MIT.txt"
cp vendor/miniquad/LICENSE-APACHE "$out/licences/miniquad-LICENSE-APACHE.txt"

if [[ ${WASM_OPT:-1} != 0 ]] && command -v wasm-opt >/dev/null; then
    # Rust's wasm32 target uses these post-MVP features; every browser that runs WebGL has them.
    wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
        --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types \
        "$built" -o "$out/tictactoe.wasm"
else
    cp "$built" "$out/tictactoe.wasm"
fi

size() { wc -c <"$1" | tr -d ' '; }
wasm=$out/tictactoe.wasm
line="$wasm: $(size "$wasm") bytes, gzip -9 $(gzip -9c "$wasm" | wc -c | tr -d ' ')"
if command -v brotli >/dev/null; then
    line+=", brotli $(brotli -c "$wasm" | wc -c | tr -d ' ')"
fi
echo "$line"
