#!/usr/bin/env bash
# Installs the build into a temporary prefix and runs what was installed (issue 10, point 1):
# every file lands in its GNUInstallDirs place, the version comes from CMake's project(), and
# the installed CLI works on a sample with nothing of the build tree on its path.
# Usage: check_install.sh CMAKE BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
cmake_command="$1" build="$2" source="$3" version="$4"
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
fail() { echo "check_install: $*" >&2; exit 1; }

"$cmake_command" --install "$build" --prefix "$prefix" >/dev/null

for file in bin/crossgrade-cli bin/crossgrade share/applications/com.crossgrade.Crossgrade.desktop \
    share/metainfo/com.crossgrade.Crossgrade.metainfo.xml share/icons/hicolor/scalable/apps/crossgrade.svg; do
    [ -e "$prefix/$file" ] || fail "not installed: $file"
done
[ -x "$prefix/bin/crossgrade-cli" ] && [ -x "$prefix/bin/crossgrade" ] ||
    fail "the installed programs are not executable"

# The documentation, whole: every page under docs/ and every file under docs/ a page links, in
# the same relative layout, so that Help → User guide (or any Markdown viewer) opening the
# installed guide can follow its links and show its images. Links that leave docs/ (to the
# schemas and samples under resources/) are repository links and are not checked here.
docs="$prefix/share/doc/crossgrade"
[ -f "$docs/user-guide.md" ] || fail "not installed: share/doc/crossgrade/user-guide.md"
cmp -s "$docs/user-guide.md" "$source/docs/user-guide.md" || fail "the installed guide differs from docs/user-guide.md"
pages=0 links=0
while IFS= read -r page; do
    installed="$docs/${page#"$source/docs/"}"
    [ -f "$installed" ] || fail "not installed: ${page#"$source/"} (expected at $installed)"
    pages=$((pages + 1))
    while IFS= read -r target; do
        case "$target" in *:*) continue ;; esac
        resolved="$(realpath -m "$(dirname "$installed")/$target")"
        case "$resolved" in "$docs"/*) ;; *) continue ;; esac
        [ -e "$resolved" ] || fail "${page#"$source/"} links $target, which is not installed beside it"
        links=$((links + 1))
    done < <(grep -o '\]([^)# ]*' "$page" | cut -c3- | grep -v '^$' || true)
done < <(find "$source/docs" -name '*.md')
[ "$pages" -gt 20 ] && [ "$links" -gt 40 ] || fail "only $pages pages and $links links checked"

# One version, from project() in CMakeLists.txt, everywhere it is shown.
[ "$("$prefix/bin/crossgrade-cli" --version)" = "crossgrade-cli $version" ] ||
    fail "crossgrade-cli --version does not say $version"
gui_version="$(QT_QPA_PLATFORM=offscreen "$prefix/bin/crossgrade" --version 2>/dev/null)"
[ "$gui_version" = "crossgrade $version" ] || fail "crossgrade --version said '$gui_version'"
grep -q "<release version=\"$version\"" "$prefix/share/metainfo/com.crossgrade.Crossgrade.metainfo.xml" ||
    fail "the metainfo's release is not $version"
grep -q '^Exec=crossgrade ' "$prefix/share/applications/com.crossgrade.Crossgrade.desktop" ||
    fail "the desktop entry does not start crossgrade"
desktop-file-validate "$prefix/share/applications/com.crossgrade.Crossgrade.desktop" ||
    fail "the desktop entry does not validate"
appstreamcli validate --no-net "$prefix/share/metainfo/com.crossgrade.Crossgrade.metainfo.xml" >&2 ||
    fail "the AppStream metainfo does not validate"

# The installed CLI, run from elsewhere with a store and data folder of its own.
cd "$prefix"
out="$(XDG_DATA_HOME="$prefix/data" "$prefix/bin/crossgrade-cli" --db "$prefix/store.sqlite" \
    recommend "$source/resources/samples/audits/tensorrt-inference.json")"
grep -q 'Recommended path: Path 1' <<<"$out" || fail "recommend on a sample said: $out"
# The default store is created and seeded from what is compiled into the program.
audits="$(XDG_DATA_HOME="$prefix/data" "$prefix/bin/crossgrade-cli" audits --format json)"
grep -q '"Inference platform"' <<<"$audits" || fail "the default store was not seeded: $audits"
echo "installed into $prefix and ran: ok"
