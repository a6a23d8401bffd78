#!/usr/bin/env bash
# Checks that the documentation site's hooks (scripts/docs_site_hooks.py) fail a strict build
# for what mkdocs 1.4's strict mode lets through: a page left out of the navigation, a link to a
# missing anchor, a link to a folder outside the site, a missing API reference. And that a
# site without these passes, with A* and Theta* literal (as on GitHub) beside an *emphasis*,
# and a list right after a paragraph line read as a list. Builds tiny sites in a temporary
# folder; run by ./test.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
checks=0

site() { # $1: folder; writes a two-page site whose index links other.md#$2
    mkdir -p "$1/docs" "$1/build/doxygen/api-reference"
    echo '<html><body>API</body></html>' >"$1/build/doxygen/api-reference/index.html"
    cat >"$1/mkdocs.yml" <<YML
site_name: check
docs_dir: docs
site_dir: build/site
use_directory_urls: false
hooks:
  - $repo/scripts/docs_site_hooks.py
nav:
  - Home: index.md
  - Other: other.md
  - API: api-reference/index.html
YML
    printf '# Home\n\nSee [two](other.md#%s) and [the API](api-reference/index.html).\n' "$2" \
        >"$1/docs/index.md"
    printf '# Other\n\n## Section two\n\nText.\n' >"$1/docs/other.md"
}

expect() { # $1: pass|fail, $2: folder, $3...: messages the log must hold
    local want=$1 dir=$2 log rc=0
    shift 2
    checks=$((checks + 1))
    log=$(cd "$dir" && mkdocs build --strict 2>&1) || rc=$?
    if { [ "$want" = pass ] && [ $rc -ne 0 ]; } || { [ "$want" = fail ] && [ $rc -eq 0 ]; }; then
        echo "FAIL: $dir: expected the build to $want (exit $rc)"
        echo "$log"
        failures=$((failures + 1))
        return
    fi
    for message in "$@"; do
        if ! grep -qF -- "$message" <<<"$log"; then
            echo "FAIL: $dir: the log lacks: $message"; echo "$log"; failures=$((failures + 1))
            return
        fi
    done
    echo "ok: $(basename "$dir") ($want)"
}

site "$work/good" section-two
good_page=$work/good/docs/index.md
printf '\nA* and Theta* search; *this* is emphasis, as is *D\\* Lite*.\n' >>"$good_page"
printf '\nA list right after a line, as GitHub reads it:\n- one\n- two\n' >>"$good_page"
expect pass "$work/good"
for html in 'A* and Theta* search; <em>this</em> is emphasis, as is <em>D* Lite</em>.' \
    '<li>one</li>'; do
    checks=$((checks + 1))
    if ! grep -qF -- "$html" "$work/good/build/site/index.html"; then
        echo "FAIL: good: index.html lacks: $html"; failures=$((failures + 1))
    fi
done

site "$work/orphan" section-two
printf '# Orphan\n' >"$work/orphan/docs/orphan.md"
expect fail "$work/orphan" "docs/orphan.md is not in the navigation"

site "$work/anchor" no-such-section
expect fail "$work/anchor" "'other.html' has no anchor '#no-such-section'"

site "$work/folder" section-two
printf '\nThe [sources](../src/).\n' >>"$work/folder/docs/other.md"
expect fail "$work/folder" "link '../src/' leads to '../src', which the site lacks"

site "$work/no-api" section-two
rm -r "$work/no-api/build/doxygen"
expect fail "$work/no-api" "no API reference in"

echo "docs site checks: $((checks - failures)) passed, $failures failed"
[ $failures -eq 0 ]
