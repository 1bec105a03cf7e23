#!/usr/bin/env bash
# Installs what tools/match needs: python-chess and the reference engines.
# Idempotent: packages already present are skipped; safe to run repeatedly.
# Debian/Ubuntu only (apt); uses sudo when not run as root.
set -euo pipefail

PKGS=(stockfish ethereal-chess toga2 glaurung gnuchess polyglot)

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
    SUDO=(sudo)
fi

missing=()
for pkg in "${PKGS[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    "${SUDO[@]}" apt-get update
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
else
    echo "engines: all installed"
fi

if python3 -c "import chess" 2>/dev/null; then
    echo "python-chess: $(python3 -c 'import chess; print(chess.__version__)') already installed"
else
    python3 -m pip install "chess>=1.10,<2"
fi

# Debian installs the engines in /usr/games, which is often not in PATH;
# match.py and gauntlet.sh look there too.
for prog in stockfish ethereal-chess toga2 glaurung gnuchess polyglot; do
    path="$(command -v "$prog" 2>/dev/null || true)"
    [ -n "$path" ] || { [ -x "/usr/games/$prog" ] && path="/usr/games/$prog"; }
    printf '%-15s %s\n' "$prog" "${path:-MISSING}"
done
