#!/usr/bin/env bash
# The code's shape, as issue 33 counts it, for a checkout (default: this one) or a commit:
#   bench/code-metrics.sh            # the working tree
#   bench/code-metrics.sh 99abd22    # a commit, from a temporary worktree
# Prints: files outside each semantic's own package and the DSL that name its types; the largest files of
# src/main; `with…` methods whose body calls a constructor of more than 6 arguments; System.out/err calls in
# src/main; src/main's code lines without comments, blank, package and import lines; the size of
# docs/benchmark.md; the exact duplicate pairs of six or more lines in src/main (the library's
# `duplicates` command, where it is on the PATH); the size of docs/architecture.md; core files naming
# trace, faultwatch or topics types, RecordTap methods named after a semantic, and producer sends
# outside the one send path.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then
  tmp=$(mktemp -d); trap 'git worktree remove --force "$tmp" >/dev/null 2>&1 || true' EXIT
  git worktree add -q --detach "$tmp" "$1"; cd "$tmp"
fi
main=src/main/java
txn='TransactionSpec|KafkaTransactionAction|TransactionCounters|TransactionFigures|TransactionalProducers|TransactionRecords|TransactionResources|TransactionActions|TransactionSemantic'
share='ShareConsumeSpec|ShareConsumeAction|ShareCounters|ShareOutcomes|ShareGroupResults|ShareGroupMerge|ShareGroupPreflight|ShareRecords|ShareSemantic|ShareGroups'
names() { # files outside $2 and the DSL package that name one of the types $1
  grep -rlwE "$1" "$main" --include=*.java | grep -v "/$2/" | grep -vE "^$main/kafkaload/[A-Za-z]+\.java$" || true
}
echo "transaction types named outside internal/semantic/txn and the DSL: $(names "$txn" internal/semantic/txn | wc -l) files"
names "$txn" internal/semantic/txn | sed 's/^/  /'
echo "share-group types named outside internal/semantic/share and the DSL: $(names "$share" internal/semantic/share | wc -l) files"
names "$share" internal/semantic/share | sed 's/^/  /'
# The record-path seam (issue 46): core files naming a watching semantic's types, RecordTap methods
# named after a semantic, producer sends that bypass the one send path (client/RecordSender).
semtypes() { # the types of semantic package $1 (its files' names), and those it had in the core
  { find "$main/kafkaload/internal/semantic/$1" -maxdepth 1 -name '*.java' ! -name package-info.java \
      -exec basename {} .java \; 2>/dev/null; printf '%s\n' "${@:2}"; } | grep . | sort -u | paste -sd'|'
}
watchers="$(semtypes trace TraceContext TracedRecord)|$(semtypes faultwatch)|$(semtypes topics)"
core_named=$(grep -rlwE "$watchers" "$main" --include=*.java | grep -v "/internal/semantic/" \
  | grep -vE "^$main/kafkaload/[A-Za-z]+\.java$" || true)
echo "core files naming trace, faultwatch or topics types: $(grep -c . <<<"$core_named" || true)"
[ -n "$core_named" ] && sed 's/^/  /' <<<"$core_named"
semantic_words=$(ls "$main/kafkaload/internal/semantic" | grep -v '\.' | paste -sd'|')
tap_named=$(grep -oE '^  (default )?[A-Za-z<>, ]+ [a-z][A-Za-z]*\(' "$main/kafkaload/internal/run/RecordTap.java" \
  | sed -E 's/.* ([a-zA-Z]+)\($/\1/' | grep -iE "$semantic_words|fault|transaction" || true)
echo "RecordTap methods named after a semantic: $(grep -c . <<<"$tap_named" || true)" \
  "(semantics: ${semantic_words//|/ }, fault, transaction)"
[ -n "$tap_named" ] && sed 's/^/  /' <<<"$tap_named"
python3 - "$main" <<'PY'
import os, re, sys
# A producer's send(): a call of send( on a variable or field declared as a (Kafka)Producer, or on
# a producer() accessor. The echo services are the system under test, not the run's sends.
out = []
for root, _, files in os.walk(sys.argv[1]):
    for f in files:
        path = os.path.join(root, f)
        if not f.endswith('.java') or path.endswith('client/RecordSender.java') or '/kafkaload/echo/' in path:
            continue
        s = open(path).read()
        names = set(re.findall(r'\b(?:Kafka)?Producer<[^;=()]*?>\s+(\w+)\s*[;=)]', s))
        recv = '|'.join(sorted(names | {r'\w*[pP]roducer\(\)'}))
        for m in re.finditer(r'\b(?:' + recv + r')\s*\.send\(', s):
            out.append(f"{path[len(sys.argv[1]) + 1:]}:{s.count(chr(10), 0, m.start()) + 1}")
# Producers whose records are not the run's: a topic filled before a consumer test (outside the
# measurement, as kafka-producer-perf-test would), and the injectors' control channel.
not_load = ('kafkaload/internal/admin/Prefill.java', 'kafkaload/internal/semantic/capacity/KafkaExchange.java')
load = [o for o in out if not o.startswith(not_load)]
print(f"producer sends of the run's records outside the one send path (client/RecordSender; echo services apart): {len(load)}")
for o in load: print("  " + o)
print(f"  (and {len(out) - len(load)} sends of records that are not the run's: " + ", ".join(o for o in out if o.startswith(not_load)) + ")")
PY
echo "src/main: $(find $main -name '*.java' | xargs cat | wc -l) lines in $(find $main -name '*.java' | wc -l) files; the largest:"
find $main -name '*.java' | xargs wc -l | grep -v ' total$' | sort -rn | head -5 | sed 's/^/  /' || true  # head may close the pipe early
echo "files over 450 lines: $(find $main -name '*.java' | xargs wc -l | grep -v ' total$' | awk '$1>450' | wc -l)"
python3 - "$main" <<'PY'
import os, re, sys
def args(s, k):  # the top-level arguments of the call whose "(" is at s[k]
    depth, n, i, any_ = 0, 1, k, False
    while True:
        c = s[i]
        if c in '([{': depth += 1
        elif c in ')]}':
            depth -= 1
            if depth == 0: return n if any_ else 0
        elif c == ',' and depth == 1: n += 1
        elif c == '"':
            i += 1
            while s[i] != '"': i += 2 if s[i] == '\\' else 1
        elif not c.isspace() and depth >= 1: any_ = True
        i += 1
worst, over = 0, 0
for root, _, files in os.walk(sys.argv[1]):
    for f in files:
        if not f.endswith('.java'): continue
        s = open(os.path.join(root, f)).read()
        for m in re.finditer(r'\n  (?:public )?[\w<>.,? ]+ with[A-Z]\w*\([^)]*\) \{', s):
            end = s.find('\n  }', m.end())
            body = s[m.end():end]
            most = max([args(body, c.end() - 1) for c in re.finditer(r'new [A-Z][\w.]*(?:<>)?\(', body)] or [0])
            worst = max(worst, most)
            over += most > 6
print(f"with… methods calling a constructor of more than 6 arguments: {over} (the most: {worst})")
code, by_dir = 0, {}
for root, _, files in os.walk(sys.argv[1]):
    for f in files:
        if f.endswith('.java'):
            s = re.sub(r'(?s)/\*.*?\*/', '', open(os.path.join(root, f)).read())
            s = re.sub(r'(?m)//.*$', '', s)
            n = sum(1 for l in s.split('\n') if l.strip() and not l.startswith(('import ', 'package ')))
            code += n
            by_dir[root] = by_dir.get(root, 0) + n
print(f"src/main code lines (no comments, blank, package or import lines): {code}")
# The packages that existed at 2983c76 (issue 46's baseline) against those added since.
import subprocess
try:
    before = {os.path.dirname(p) for p in subprocess.run(['git', 'ls-tree', '-r', '--name-only', '2983c76', sys.argv[1]],
              capture_output=True, text=True, check=True).stdout.split()}
    old = sum(n for d, n in by_dir.items() if d in before)
    print(f"  of the packages that existed at 2983c76: {old}; of the packages added since: {code - old}")
except (subprocess.CalledProcessError, FileNotFoundError):
    print("  (2983c76 not in this clone's history: no split by package age)")
PY
echo "System.out/System.err calls in src/main: $(grep -rhoE 'System\.(out|err)' $main --include=*.java | wc -l) in $(grep -rlE 'System\.(out|err)' $main --include=*.java | wc -l) files"
echo "docs/benchmark.md: $(wc -c < docs/benchmark.md) bytes"
if command -v duplicates >/dev/null; then
  dups=$(duplicates --repo src/main --most 200 --seconds 120)
  # a row per pair; "shape" marks pairs alike only but for names and values
  echo "exact duplicate pairs of 6+ lines in src/main: $(grep -E '^D[0-9]+ ' <<<"$dups" | grep -vc ' shape' || true)" \
    "(and $(grep -E '^D[0-9]+ ' <<<"$dups" | grep -c ' shape' || true) of the same shape)"
  grep -E '^D[0-9]+ ' <<<"$dups" | grep -v ' shape' | sed 's/^/  /' || true
  grep -E '^\(\+[0-9]+ more pairs\)|^incomplete' <<<"$dups" | sed 's/^/  (count cut: /;s/$/)/' || true
else
  echo "exact duplicate pairs of 6+ lines in src/main: not counted (no duplicates command on the PATH)"
fi
echo "docs/architecture.md: $(wc -c < docs/architecture.md) bytes"
# Issue 46, one results assembly: the calls of ProtocolResults' constructor in src/main (one: the
# report's ProtocolAssembly), and the public record of the most components (a record's components at
# its top level: commas inside generics, annotations and nested parentheses not counted).
echo "new ProtocolResults( calls in src/main: $(grep -rho 'new ProtocolResults(' $main --include=*.java | wc -l)"
python3 - "$main" <<'PY'
import os, re, sys
found = []
for root, _, files in os.walk(sys.argv[1]):
    for f in files:
        if not f.endswith('.java'): continue
        s = open(os.path.join(root, f)).read()
        for m in re.finditer(r'\bpublic record (\w+)(?:<[^>]*>)?\s*\(', s):
            i, depth, angle, n, any_ = m.end(), 1, 0, 1, False
            while depth:
                c = s[i]
                if c == '(': depth += 1
                elif c == ')': depth -= 1
                elif c == '<': angle += 1
                elif c == '>': angle -= 1
                elif c == ',' and depth == 1 and angle == 0: n += 1
                elif not c.isspace() and depth == 1: any_ = True
                i += 1
            found.append((n if any_ else 0, m.group(1), os.path.relpath(os.path.join(root, f), sys.argv[1])))
found.sort(reverse=True)
n, name, path = found[0]
print(f"the largest public record: {name} ({path}), {n} components;"
      f" public records over 10 components: {sum(1 for r in found if r[0] > 10)}")
PY
