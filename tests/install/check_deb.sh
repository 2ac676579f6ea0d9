#!/usr/bin/env bash
# Builds the Debian package with CPack and checks it (issue 10, point 1): its name and version,
# that it holds what `cmake --install` puts in place under /usr, and that its Depends names the
# Debian package of every shared library the installed programs load, so that
# `apt-get install ./crossgrade_*.deb` brings in everything they need. It does not install the
# package: scripts/package-check does that, as root, on the machine itself.
# Usage: check_deb.sh CPACK BUILD_DIR VERSION
set -euo pipefail
cpack_command="$1" build="$2" version="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "check_deb: $*" >&2; exit 1; }

"$cpack_command" -G DEB --config "$build/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log" >&2; fail "cpack -G DEB failed (log above)"; }
arch="$(dpkg --print-architecture)"
deb="$work/crossgrade_${version}_${arch}.deb"
[ -f "$deb" ] || fail "cpack made no $(basename "$deb"); it made: $(ls "$work")"

field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = crossgrade ] || fail "Package is '$(field Package)', not crossgrade"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', not $version"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture is '$(field Architecture)'"

contents="$work/contents"
dpkg-deb --contents "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$contents"
for file in /usr/bin/crossgrade /usr/bin/crossgrade-cli \
    /usr/share/applications/com.crossgrade.Crossgrade.desktop \
    /usr/share/metainfo/com.crossgrade.Crossgrade.metainfo.xml \
    /usr/share/icons/hicolor/scalable/apps/crossgrade.svg /usr/share/doc/crossgrade/user-guide.md; do
    grep -qx "$file" "$contents" || fail "the package does not hold $file"
done
outside="$(grep -v '^/usr/\?' "$contents" | grep -vx '/' || true)"
[ -z "$outside" ] || fail "the package puts files outside /usr: $outside"

# Every library the programs link directly (their NEEDED entries) must come from a package the
# Depends names; what those libraries need in turn, their own packages depend on.
depends="$(field Depends)"
names="$(tr ',|' '\n\n' <<<"$depends" | sed 's/(.*)//; s/[[:space:]]//g' | sort -u)"
dpkg-deb --extract "$deb" "$work/root"
for program in crossgrade crossgrade-cli; do
    binary="$work/root/usr/bin/$program"
    while read -r soname; do
        case "$soname" in ld-linux*) continue ;; esac # the loader, part of libc6 like libc
        library="$(ldd "$binary" | awk -v so="$soname" '$1 == so {print $3}')"
        [ -n "$library" ] || fail "$program needs $soname, which the loader does not find"
        owner="$(dpkg -S "$(readlink -f "$library")" 2>/dev/null || dpkg -S "$library" 2>/dev/null ||
            true)"
        owner="$(head -1 <<<"$owner" | cut -d: -f1)"
        [ -n "$owner" ] || fail "$program needs $library, which no installed package owns"
        grep -qx "$owner" <<<"$names" ||
            fail "$program needs $soname (package $owner), which Depends ($depends) does not name"
    done < <(objdump -p "$binary" | awk '$1 == "NEEDED" {print $2}')
done

# What Qt loads at run time, which no linker sees: the SQLite driver and the SVG plugins.
for runtime in libqt6sql6-sqlite libqt6svg6; do
    grep -qx "$runtime" <<<"$names" || fail "Depends lacks $runtime, which Qt loads at run time"
done

size="$(stat -c %s "$deb")"
echo "check_deb: $(basename "$deb"): $size bytes, Installed-Size $(field Installed-Size) KiB"
echo "check_deb: Depends: $depends"
