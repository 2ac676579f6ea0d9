#!/bin/bash
# Compiles unit_mixups.cpp once per case (see its header): case 0 must compile, cases 1..N must
# not. Usage: check_unit_mixups.sh CXX SOURCE INCLUDE_DIR CASES
set -u
cxx=$1 source=$2 include=$3 cases=$4
compile() { "$cxx" -std=c++20 -fsyntax-only -I"$include" -DCROSSGRADE_MIXUP="$1" "$source" 2>&1; }
if ! out=$(compile 0); then
    echo "FAIL: the correct case does not compile:"; echo "$out" | head -20; exit 1
fi
status=0
name=$(basename "$source")
for n in $(seq 1 "$cases"); do
    # The lines of case n: after its "#if/#elif CROSSGRADE_MIXUP == n", up to the next #elif.
    first=$(grep -n "CROSSGRADE_MIXUP == $n\$" "$source" | cut -d: -f1)
    last=$(awk -v f="$first" 'NR > f && /^#(elif|else)/ { print NR; exit }' "$source")
    if out=$(compile "$n"); then
        echo "FAIL: mix-up $n compiles: $(sed -n "$((first + 1))p" "$source")"
        status=1
        continue
    fi
    # Refused for the mix-up itself: the first error is on a line of its case, not a typo
    # elsewhere.
    line=$(echo "$out" | grep -m1 "$name:[0-9]*:[0-9]*: error" | sed "s/.*$name:\([0-9]*\):.*/\1/")
    if [ -z "$line" ] || [ "$line" -le "$first" ] || [ "$line" -ge "$last" ]; then
        echo "FAIL: mix-up $n fails outside its case (line ${line:-?}, case lines $first-$last):"
        echo "$out" | head -5
        status=1
    else
        echo "ok: mix-up $n is refused by the compiler at line $line"
    fi
done
exit $status
