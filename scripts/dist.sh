#!/usr/bin/env bash
# Release packages in dist/, built from this tree:
#   dist/tictactoe-VERSION-x86_64-linux.tar.gz   the stripped binary, the desktop entry, the icon,
#                                                 README, licences, install.sh
#   dist/tictactoe-VERSION-x86_64-windows.zip    tictactoe.exe (stripped), README, licences
# Needs: on x86_64 Linux, the Rust toolchain, the x86_64-pc-windows-gnu target
# (rustup target add x86_64-pc-windows-gnu), mingw-w64 (Debian: gcc-mingw-w64-x86-64) and zip.
# Usage: scripts/dist.sh [linux|windows]...   (both when none is named)
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)
[[ -n $version ]] || { echo "$0: no version in Cargo.toml" >&2; exit 1; }
target_dir=${CARGO_TARGET_DIR:-target}
licences=(LICENSE assets/DejaVu-LICENSE.txt)

# Fills a fresh staging folder dist/$1 and prints its path.
stage() {
    local dir=dist/$1
    rm -rf "$dir"
    mkdir -p "$dir/licences"
    cp README.md "$dir/"
    cp LICENSE "$dir/licences/tictactoe-LICENSE.txt"
    cp assets/DejaVu-LICENSE.txt "$dir/licences/DejaVu-LICENSE.txt"
    cp vendor/miniquad/LICENSE-MIT "$dir/licences/miniquad-LICENSE-MIT.txt"
    cp vendor/miniquad/LICENSE-APACHE "$dir/licences/miniquad-LICENSE-APACHE.txt"
    echo "$dir"
}

linux() {
    [[ $(uname -sm) == "Linux x86_64" ]] || { echo "$0: the Linux package is built on x86_64 Linux" >&2; exit 1; }
    local name=tictactoe-$version-x86_64-linux dir
    cargo build --release --locked --quiet --bin tictactoe
    dir=$(stage "$name")
    strip -o "$dir/tictactoe" "$target_dir/release/tictactoe"
    chmod 755 "$dir/tictactoe"
    install -m644 assets/tictactoe.desktop assets/tictactoe.png "$dir/"
    install -m755 packaging/install.sh "$dir/install.sh"
    tar -C dist -czf "dist/$name.tar.gz" --owner=0 --group=0 "$name"
    rm -rf "$dir"
    echo "wrote dist/$name.tar.gz"
}

windows() {
    local name=tictactoe-$version-x86_64-windows dir
    cargo build --release --locked --quiet --bin tictactoe --target x86_64-pc-windows-gnu
    dir=$(stage "$name")
    x86_64-w64-mingw32-strip -o "$dir/tictactoe.exe" "$target_dir/x86_64-pc-windows-gnu/release/tictactoe.exe"
    # Windows users read text files in Notepad: CRLF line ends.
    local f
    for f in "$dir/README.md" "$dir"/licences/*; do
        sed -i 's/\r*$/\r/' "$f"
    done
    rm -f "dist/$name.zip"
    (cd dist && zip -q -r -X "$name.zip" "$name")
    rm -rf "$dir"
    echo "wrote dist/$name.zip"
}

mkdir -p dist
(($#)) || set -- linux windows
for what in "$@"; do
    case $what in
        linux | windows) "$what" ;;
        *) echo "usage: $0 [linux|windows]..." >&2; exit 2 ;;
    esac
done
