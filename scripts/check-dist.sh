#!/usr/bin/env bash
# Checks the packages scripts/dist.sh made (run it first), as a person would use them:
# - the Linux tarball unpacks to a stripped binary that runs (--version), with the desktop entry,
#   the icon, README, licences and install.sh; install.sh, run with HOME set to a fresh folder,
#   puts the three files where the README's "Install" section says, and --uninstall removes them;
# - the Windows zip holds a GUI-subsystem tictactoe.exe with an icon resource, README and licences,
#   and no DLL (the test-only bcryptprimitives.dll stand-in is never shipped).
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)
tarball=dist/tictactoe-$version-x86_64-linux.tar.gz
zipfile=dist/tictactoe-$version-x86_64-windows.zip
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-dist: $*" >&2; exit 1; }

# --- Linux
[[ -f $tarball ]] || fail "$tarball is missing (run scripts/dist.sh)"
tar -C "$work" -xzf "$tarball"
dir=$work/tictactoe-$version-x86_64-linux
for f in tictactoe tictactoe.desktop tictactoe.png README.md install.sh \
    licences/tictactoe-LICENSE.txt licences/DejaVu-LICENSE.txt; do
    [[ -f $dir/$f ]] || fail "$tarball lacks $f"
done
[[ -x $dir/tictactoe && -x $dir/install.sh ]] || fail "tictactoe or install.sh is not executable"
got=$("$dir/tictactoe" --version)
[[ $got == "tictactoe $version" ]] || fail "tictactoe --version printed '$got'"
readelf -S "$dir/tictactoe" | grep -q '\.symtab' && fail "the binary is not stripped"
cmp -s "$dir/tictactoe.png" assets/tictactoe.png || fail "the icon is not assets/tictactoe.png"

home=$work/home
mkdir -p "$home"
(cd / && HOME=$home PATH=/usr/bin:/bin "$dir/install.sh" >/dev/null)
for pair in tictactoe:.local/bin/tictactoe \
    tictactoe.desktop:.local/share/applications/tictactoe.desktop \
    tictactoe.png:.local/share/icons/hicolor/256x256/apps/tictactoe.png; do
    cmp -s "$dir/${pair%%:*}" "$home/${pair#*:}" || fail "install.sh did not put ${pair%%:*} in ~/${pair#*:}"
    grep -qF "~/${pair#*:}" README.md || fail "README.md does not name ~/${pair#*:}"
done
[[ -x $home/.local/bin/tictactoe ]] || fail "the installed binary is not executable"
got=$("$home/.local/bin/tictactoe" --version)
[[ $got == "tictactoe $version" ]] || fail "the installed tictactoe --version printed '$got'"
HOME=$home "$dir/install.sh" --uninstall >/dev/null
left=$(find "$home" -type f ! -name '*.cache')
[[ -z $left ]] || fail "install.sh --uninstall left: $left"
echo "check-dist: $tarball: ok"

# --- Windows
[[ -f $zipfile ]] || fail "$zipfile is missing (run scripts/dist.sh)"
unzip -q "$zipfile" -d "$work/zip"
dir=$work/zip/tictactoe-$version-x86_64-windows
for f in tictactoe.exe README.md licences/tictactoe-LICENSE.txt licences/DejaVu-LICENSE.txt; do
    [[ -f $dir/$f ]] || fail "$zipfile lacks $f"
done
dlls=$(find "$work/zip" -iname '*.dll')
[[ -z $dlls ]] || fail "$zipfile ships a DLL: $dlls"
pe=$(x86_64-w64-mingw32-objdump -p "$dir/tictactoe.exe")
grep -q '^Subsystem.*(Windows GUI)$' <<<"$pe" || fail "tictactoe.exe is not a GUI-subsystem program"
grep -q '^010   Entry: ID: 0x000003,' <<<"$pe" || fail "tictactoe.exe has no icon resource"
echo "check-dist: $zipfile: ok"
