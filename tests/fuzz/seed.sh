#!/usr/bin/env bash
# Fills the fuzz corpora with the bundled maps and the test fixtures.
# corpus/maps (Enormity): page files (first byte 0), pack.toml files (1) and Tiled
# maps exported from the pages (2). corpus/games: Nemesis ship files (0) and
# pack.toml files (1), TI4 galaxy files (2) and their map strings (3),
# Battlestations ship files (4) and pack.toml files (5), GraphML boards (6).
# Needs a built `deckplan` (cargo build -p deckplan-validator) in ../../target.
set -euo pipefail
cd "$(dirname "$0")"
root=../..
maps=corpus/maps
games=corpus/games
mkdir -p "$maps" "$games"
deckplan="$root/target/debug/deckplan"
n=0
while IFS= read -r -d '' file; do
  n=$((n + 1))
  ruleset=$(sed -n 's/^ruleset = "\(.*\)"$/\1/p' "$file" | head -n 1)
  case "$ruleset" in
    nemesis)
      if grep -q '^ship = ' "$file"; then
        { printf '\001'; cat "$file"; } > "$games/nemesis-pack-$n"
      else
        { printf '\000'; cat "$file"; } > "$games/nemesis-ship-$n"
      fi
      ;;
    battlestations)
      if grep -q '^ship = ' "$file"; then
        { printf '\005'; cat "$file"; } > "$games/battlestations-pack-$n"
      else
        { printf '\004'; cat "$file"; } > "$games/battlestations-ship-$n"
      fi
      ;;
    ti4)
      { printf '\002'; cat "$file"; } > "$games/galaxy-$n"
      if [ -x "$deckplan" ] && "$deckplan" export --map-string "$file" > "$games/tmp" 2>/dev/null; then
        { printf '\003'; cat "$games/tmp"; } > "$games/map-string-$n"
      fi
      ;;
    *)
      if [ "$(basename "$file")" = pack.toml ]; then
        { printf '\001'; cat "$file"; } > "$maps/pack-$n"
      else
        { printf '\000'; cat "$file"; } > "$maps/page-$n"
        if [ -x "$deckplan" ] && "$deckplan" export --tiled "$maps/tmp.tmj" "$file" >/dev/null 2>&1; then
          { printf '\002'; cat "$maps/tmp.tmj"; } > "$maps/tiled-$n"
        fi
      fi
      ;;
  esac
done < <(find "$root/maps" "$root/tests/fixtures" -name '*.toml' -print0)
while IFS= read -r -d '' file; do
  n=$((n + 1))
  { printf '\006'; cat "$file"; } > "$games/graphml-$n"
done < <(find "$root/maps" "$root/tests" "$root/validator/tests" -name '*.graphml' -not -path '*/fuzz/*' -print0)
rm -f "$maps"/tmp.tmj "$maps"/tmp.tiles.png "$games"/tmp
echo "$(ls "$maps" | wc -l) seeds in $maps, $(ls "$games" | wc -l) in $games"
