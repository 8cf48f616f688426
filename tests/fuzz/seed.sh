#!/usr/bin/env bash
# Fills corpus/maps with the bundled maps and the test fixtures: page files
# (first byte 0), pack.toml files (1) and Tiled maps exported from the pages (2).
# Needs a built `deckplan` (cargo build -p deckplan-validator) in ../../target.
set -euo pipefail
cd "$(dirname "$0")"
root=../..
out=corpus/maps
mkdir -p "$out"
deckplan="$root/target/debug/deckplan"
n=0
while IFS= read -r -d '' file; do
  n=$((n + 1))
  if [ "$(basename "$file")" = pack.toml ]; then
    { printf '\001'; cat "$file"; } > "$out/pack-$n"
  else
    { printf '\000'; cat "$file"; } > "$out/page-$n"
    if [ -x "$deckplan" ] && "$deckplan" export --tiled "$out/tmp.tmj" "$file" >/dev/null 2>&1; then
      { printf '\002'; cat "$out/tmp.tmj"; } > "$out/tiled-$n"
    fi
  fi
done < <(find "$root/maps" "$root/tests/fixtures" -name '*.toml' -print0)
rm -f "$out"/tmp.tmj "$out"/tmp.tiles.png
echo "$(ls "$out" | wc -l) seeds in $out"
