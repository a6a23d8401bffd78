#!/usr/bin/env bash
# The CLI under hostile input (issue 49): every reproduction of the issue and every file of the
# fuzzers' malformed-file corpus (tests/fuzz/corpus) run through the built `xunlu`, each under a
# timeout. Asserted for every probe: no signal exit, no timeout, the expected exit status, on
# exit 2 a message on stderr naming what is wrong, and no file in the work folder changed by a
# failing command (checksums before and after).
# Usage: hostile_inputs_test.sh XUNLU SOURCE_DIR
set -uo pipefail
xunlu=$1
src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/xunlu-hostile.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
limit=${XUNLU_HOSTILE_TIMEOUT:-30}
probes=0
failures=0

fail() {
    printf 'FAIL %s: %s\n' "$1" "$2" >&2
    failures=$((failures + 1))
}

# Checksums of every file in the work folder but the probe's own output (one process: the
# folder is flat).
shopt -s extglob
sums() { sha1sum -- !(probe.*) 2>/dev/null; }

# probe NAME CODES PATTERN -- COMMAND...: runs COMMAND (a shell line run by bash -c) with the
# timeout; CODES is the list of allowed exit statuses ("2", "0 1"); PATTERN, when not empty, is
# a fixed string stderr must hold (for exit 2 stderr must always hold "xunlu: ").
probe() {
    local name=$1 codes=$2 pattern=$3
    shift 4
    probes=$((probes + 1))
    local before after rc
    before=$(sums)
    local t0=$SECONDS
    timeout -k 5 "$limit" bash -c "$*" >probe.out 2>probe.err </dev/null
    rc=$?
    [ -n "${XUNLU_HOSTILE_TIMES:-}" ] && printf '%3d s %s\n' $((SECONDS - t0)) "$name" >&2
    after=$(sums)
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        fail "$name" "timed out after ${limit}s"
        return
    fi
    if [ "$rc" -gt 128 ]; then
        fail "$name" "killed by signal $((rc - 128)): $(tail -c 300 probe.err)"
        return
    fi
    case " $codes " in
    *" $rc "*) ;;
    *)
        fail "$name" "exit $rc, expected one of [$codes]: $(tail -c 300 probe.err)"
        return
        ;;
    esac
    if [ "$rc" -eq 2 ] && ! grep -q 'xunlu: \|"error":"' probe.err probe.out; then
        fail "$name" "exit 2 without a message"
    fi
    if [ -n "$pattern" ] && ! grep -qF -- "$pattern" probe.err probe.out; then
        fail "$name" "no '$pattern' in the output: $(tail -c 300 probe.err) $(tail -c 300 probe.out)"
    fi
    if [ "$rc" -ne 0 ] && [ "$before" != "$after" ]; then
        fail "$name" "a failing command changed a file: $(diff <(echo "$before") <(echo "$after") | head -5)"
    fi
}

X=$xunlu
cat >arena.map <<'EOF'
type octile
height 8
width 8
map
........
........
..@@@@..
........
........
........
........
........
EOF
printf '{"from":[0,0],"to":[7,7]}\n' >one.jsonl
printf '{"from":[0.5,0.5],"to":[7.5,7.5]}\n' >one-route.jsonl
mkdir -p folder
cp arena.map keep.map

# --- Issue 49 item 1: a batch id nested 100,000 levels deep (crashed the process).
python3 -c "print('{\"from\":[1,1],\"to\":[7,7],\"id\":' + '['*100000 + ']'*100000 + '}')" >deep.jsonl
cat one.jsonl >>deep.jsonl
probe find-deep-id 2 'nested deeper than 64 levels' -- "$X" find arena.map --batch deep.jsonl
python3 -c "print('{\"from\":[1.5,1.5],\"to\":[7.5,7.5],\"id\":' + '{\"a\":'*100000 + '1' + '}'*100000 + '}')" >deep-route.jsonl
probe route-deep-id 2 'nested deeper than 64 levels' -- "$X" route arena.map --batch deep-route.jsonl

# --- Item 7: batch mode defects.
printf '{"from":[0,0],"to":[6,6],"unit_size":2}\n' >unit.jsonl
probe find-batch-unit-size "0 1" '' -- "$X" find arena.map --batch unit.jsonl
probe find-batch-directory 2 'is a directory' -- "$X" find arena.map --batch folder
probe route-batch-directory 2 'is a directory' -- "$X" route arena.map --batch folder
printf '{"from":[0,0],"to":[7,7],"to":[1,1]}\n' >dup.jsonl
probe batch-duplicate-key 2 'appears twice' -- "$X" find arena.map --batch dup.jsonl
printf '{"from":[0,0],"to":[7,7]}\0{"x":1}\n' >nul.jsonl
probe batch-nul-byte 2 'NUL byte at column' -- "$X" find arena.map --batch nul.jsonl
printf '{"from":[0,0],"to":[7,7],"max_expansions":1e999}\n' >big.jsonl
probe batch-number-out-of-range 2 'number overflow' -- "$X" find arena.map --batch big.jsonl
probe batch-dev-zero 2 'no end of line within 1 GiB' -- "$X" find arena.map --batch /dev/zero
probe batch-long-line 2 'line longer than 1048576 bytes' -- \
    "head -c 2000000 /dev/zero | tr '\\0' ' ' | sed 's/^/x/' | $X find arena.map --batch -"

# --- Items 4 and 5: outputs under failure; write errors exit 2 with the reason.
python3 -c "print('type octile\nheight 64\nwidth 64\nmap'); [print('.'*64) for _ in range(64)]" >big.map
probe update-onto-itself-disk-full 2 'File too large' -- \
    "trap '' XFSZ; ulimit -f 2; $X update big.map --set 1,1,wall -o big.map"
probe convert-onto-itself-disk-full 2 'File too large' -- \
    "trap '' XFSZ; ulimit -f 2; $X convert big.map -o big.map"
printf 'old picture' >old.png
probe find-png-on-failure 2 'outside' -- "$X" find arena.map --from 0,0 --to 99,99 --png old.png
probe compare-png-on-failure 2 '' -- "$X" compare arena.map --from 0,0 --to 99,99 --png old.png
probe stdout-full-find 2 'standard output: write failed: No space left on device' -- \
    "$X find arena.map --from 0,0 --to 7,7 --json >/dev/full"
probe stdout-full-gen 2 'standard output: write failed' -- "$X gen random --size 64 >/dev/full"
probe stdout-full-batch 2 'standard output: write failed' -- \
    "$X find arena.map --batch one.jsonl >/dev/full"
printf 'version 1\n0\tarena.map\t8\t8\t0\t0\t7\t7\t11.07106781\n' >arena.map.scen
probe emit-paths-full 2 '/dev/full: write failed' -- "$X" scen arena.map.scen --emit-paths /dev/full
probe trajectories-full 2 '/dev/full: write failed' -- \
    "$X" simulate arena.map --units 2 --ticks 3 --trajectories /dev/full

# --- Item 8: inputs refused from their first bytes or declared size, not read whole.
probe piped-40000-header 2 'height 40000 exceeds the limit of 32768' -- \
    "{ printf 'type octile\\nheight 40000\\nwidth 40000\\nmap\\n'; yes ........; } | $X info -"
probe scen-not-a-scen 2 'not a scenario file' -- "head -c 3000000 /dev/zero | $X scen -"
probe graph-not-json 2 'not a JSON graph' -- "head -c 3000000 /dev/zero | $X graph - --from 1 --to 2"

# --- Item 9: size checks before the work.
"$X" gen random --size 512 --rate 0 -o open512.map
probe gif-too-large 2 'would exceed 2^30 pixels' -- \
    "$X" simulate open512.map --units 2 --ticks 5000 --gif a.gif

# --- Item 11: values refused, not changed or wrapped; conflicting options refused.
probe gen-width-0 2 'must be an integer >= 1' -- "$X" gen random --width 0
probe gen-width-negative 2 'must be an integer >= 1' -- "$X" gen random --width -5
probe gen-seed-negative 2 'must be an integer >= 0' -- "$X" gen random --seed -1
probe fog-max-steps-negative 2 'must be an integer >= 0' -- \
    "$X" fog arena.map --from 0,0 --to 7,7 --max-steps -1
probe graph-from-2-63 2 'must be between' -- "$X" graph g.json --from 9223372036854775808 --to 1
probe max-memory-2-64 0 '' -- "$X" find arena.map --from 0,0 --to 7,7 --max-memory-mb 18446744073709551615
"$X" jps-table arena.map -o arena.jpt >/dev/null
probe jps-table-with-astar 2 'is read by --algo jps+' -- "$X" find arena.map --from 0,0 --to 7,7 --jps-table arena.jpt
probe fog-walk-without-json 2 'add --json' -- "$X" fog arena.map --from 0,0 --to 7,7 --walk
probe jps-table-out-and-check 2 'excludes' -- "$X" jps-table arena.map -o arena.jpt --check arena.jpt

# --- Item 12: a graph cost that overflows is no found path.
printf '{"directed": true, "nodes": [{"id": 1, "x": 0, "y": 0}, {"id": 2, "x": 1, "y": 0}, {"id": 3, "x": 2, "y": 0}], "edges": [{"from": 1, "to": 2, "cost": 1e308}, {"from": 2, "to": 3, "cost": 1e308}]}\n' >overflow.json
probe graph-cost-overflow 2 'cost overflows' -- "$X" graph overflow.json --from 1 --to 3 --json

# --- Item 14: messages that name what is wrong.
probe table-check-directory 2 'is a directory' -- "$X" jps-table arena.map --check folder
probe table-check-dev-zero 2 'not a regular file' -- "$X" jps-table arena.map --check /dev/zero
for size in 0 -3 3.0; do
    printf '%s\n' "$size" >size.in
    probe "map.in size $size" 2 'size.in:1:1: ' -- "$X" info size.in
done
probe scale-abc 2 'must be an integer from 1 to 64' -- "$X" render arena.map --scale abc -o x.png
printf 'version 1\n0\tmissing.map\t8\t8\t0\t0\t7\t7\t9.9\n' >missing.map.scen
probe scen-missing-map 2 'missing.map.scen:2: map missing.map' -- "$X" scen missing.map.scen

# --- The fuzzers' malformed-file corpus, each file through the command that reads its format.
corpus=$src/tests/fuzz/corpus
for f in "$corpus"/movingai_map/* "$corpus"/map_loader/* "$corpus"/text_map/* \
    "$corpus"/capi_map_bytes/* "$corpus"/polygon_grid/*; do
    cp "$f" input.bin
    probe "info $(basename "$(dirname "$f")")/$(basename "$f")" "0 2" '' -- "$X" info input.bin
done
for f in "$corpus"/layer_file/*; do
    cp "$f" input.layers
    probe "layers $(basename "$f")" "0 1 2" '' -- "$X" find arena.map --from 0,0 --to 7,7 --layers input.layers
done
for f in "$corpus"/movingai_scen/*; do
    cp "$f" input.scen
    probe "scen $(basename "$f")" "0 1 2" '' -- "$X" scen input.scen --map-dir .
done
for f in "$corpus"/graph_json/* "$corpus"/waypoint_csv/*; do
    cp "$f" input.json
    probe "graph $(basename "$f")" "0 1 2" '' -- "$X" graph input.json --from 0 --to 1
done
for f in "$corpus"/overlay_files/*; do
    cp "$f" input.overlay
    probe "fog $(basename "$f")" "0 1 2" '' -- "$X" find arena.map --from 0,0 --to 7,7 --fog input.overlay
    probe "influence $(basename "$f")" "0 1 2" '' -- \
        "$X" find arena.map --from 0,0 --to 7,7 --influence-sources input.overlay --influence a:1
done
for f in "$corpus"/polygon_scene/*; do
    cp "$f" input.scene
    probe "poly $(basename "$f")" "0 1 2" '' -- "$X" poly check input.scene
done
for f in "$corpus"/navmesh_set/*; do
    cp "$f" input.navmesh
    probe "mesh info $(basename "$f")" "0 2" '' -- "$X" mesh info input.navmesh --json
    probe "mesh ray $(basename "$f")" "0 1 2" '' -- \
        "$X" mesh ray input.navmesh --from 1,0,1 --to 8,0,3 --extents 5,5,5
    probe "mesh path $(basename "$f")" "0 1 2" '' -- \
        "$X" mesh path input.navmesh --from 1,0,1 --to 8,0,3 --extents 5,5,5 --detour
done
for f in "$corpus"/visgraph_file/*; do
    cp "$f" input.vg
    probe "visgraph $(basename "$f")" "0 2" '' -- "$X" visgraph arena.map --check input.vg
done
for f in "$corpus"/subgoal_hierarchy_file/*; do
    cp "$f" input.sh
    probe "subgoal-hierarchy $(basename "$f")" "0 1 2" '' -- \
        "$X" find arena.map --from 0,0 --to 7,7 --algo subgoal-ch --subgoal-hierarchy input.sh
done
# The server's request bodies as batch lines (one JSON object each).
for f in "$corpus"/server_request/* "$corpus"/server_web_request/*; do
    tr '\n' ' ' <"$f" >input.jsonl
    echo >>input.jsonl
    probe "find-batch $(basename "$f")" "0 1 2" '' -- "$X" find arena.map --batch input.jsonl
    probe "route-batch $(basename "$f")" "0 1 2" '' -- "$X" route arena.map --batch input.jsonl
done

cmp -s keep.map arena.map || fail arena.map "the shared input map was changed"
if [ "$failures" -ne 0 ]; then
    printf '%d of %d probes failed\n' "$failures" "$probes" >&2
    exit 1
fi
printf 'hostile inputs: %d probes passed\n' "$probes"
