#!/bin/sh
# Installs Tic-tac-toe for the current user, as the README's "Install" section says: the game in
# ~/.local/bin, its desktop entry and icon where the desktop's application menu finds them.
# Usage: ./install.sh             install (run it from the unpacked folder, or from anywhere)
#        ./install.sh --uninstall remove the three files
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=$HOME/.local/share
bin=$HOME/.local/bin/tictactoe
desktop=$data/applications/tictactoe.desktop
icon=$data/icons/hicolor/256x256/apps/tictactoe.png

# Most desktops notice new and removed files without this; it refreshes the caches where the tools
# exist.
refresh_caches() {
    update-desktop-database "$data/applications" 2>/dev/null || true
    gtk-update-icon-cache -f -t "$data/icons/hicolor" 2>/dev/null || true
}

case ${1:-} in
    "")
        install -Dm755 "$here/tictactoe" "$bin"
        install -Dm644 "$here/tictactoe.desktop" "$desktop"
        install -Dm644 "$here/tictactoe.png" "$icon"
        refresh_caches
        echo "installed $bin, $desktop and $icon"
        case ":$PATH:" in
            *":$HOME/.local/bin:"*) ;;
            *) echo "note: $HOME/.local/bin is not on your PATH; the menu entry needs it (see README.md)" ;;
        esac
        ;;
    --uninstall)
        rm -f "$bin" "$desktop" "$icon"
        refresh_caches
        echo "removed $bin, $desktop and $icon"
        ;;
    *)
        echo "usage: $0 [--uninstall]" >&2
        exit 2
        ;;
esac
