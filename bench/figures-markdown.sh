# Turns one capture-bench run's printed output into a Markdown section and records it in
# docs/benchmarks.md, so that the figures there are the benchmark's own, never pasted by hand.
# Sourced by bench/capture-bench.sh; works on a saved log too:
#
#   . bench/figures-markdown.sh
#   figures_section run.log "2026-12-04 21:50 UTC" "bench/capture-bench.sh 30 16" "2673f26" "0.52 0.61 0.70"
#   figures_record docs/benchmarks.md section.md
#
# The log is what the script prints: its "host:" line, HostCosts's "host costs:" line, then
# CaptureBench's report (the modes' table, the phases, the issue's ratios, the capture count).
# Lines it does not know are left out.

# The marker below which runs are inserted, newest first.
FIGURES_MARKER='<!-- capture-bench: new runs are inserted below this line, newest first -->'

# figures_section LOG STARTED COMMAND COMMIT LOAD_AFTER: prints the Markdown section of one run.
figures_section() {
  local log="$1" started="$2" command="$3" commit="$4" load_after="$5"
  local cpu_model
  cpu_model="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)"
  printf '### %s at %s\n\n' "$started" "$commit"
  printf -- '- command: `%s`\n' "$command"
  printf -- '- commit: %s\n' "$commit"
  printf -- '- machine: %s; %s\n' "${cpu_model:-CPU model unknown}" "$(sed -n 's/^host: //p' "$log" | head -n 1)"
  printf -- '- load average at the end: %s\n' "$load_after"
  awk -f <(figures_tables_awk) "$log"
}

# The awk program that turns the report's text tables into Markdown tables.
figures_tables_awk() {
  cat <<'AWK'
function numeric(s) { return s ~ /^-?[0-9][0-9,]*(\.[0-9]+)?$/ }
function words(from, to,   i, name) {
  name = $from
  for (i = from + 1; i <= to; i++) name = name " " $i
  return name
}
/^host costs: / { printf "- %s\n", $0; next }
/ measured rounds after / { rounds = $0; next }
# The concurrent rounds, one row each, printed after the tables: the server's CPU a capture in the
# round with its JIT's, collector's and kernel's parts, and the floor read beside the round with its
# kernel part (cells left empty for logs from before the kernel split).
/^  concurrent warm-up round \(not counted\): MCP server CPU a capture / {
  burst[++bursts] = "unmeasured"; cpu[bursts] = $11; jit[bursts] = $16; gc[bursts] = $19
  kernel[bursts] = $21 == "kernel" ? $22 : ""; floor[bursts] = ""; fkernel[bursts] = ""
  next
}
/^[0-9]+ phones, round [0-9]+ of [0-9]+$/ { round = $4; next }
/^  MCP server CPU a capture in this round: / {
  burst[++bursts] = round; cpu[bursts] = $9; jit[bursts] = $14; gc[bursts] = $17
  kernel[bursts] = $19 == "kernel" ? $20 : ""; floor[bursts] = ""; fkernel[bursts] = ""
  next
}
/^  compute floor beside this round: / {
  floor[bursts] = $6
  if (match($0, /in the kernel [0-9.]+/)) fkernel[bursts] = substr($0, RSTART + 14, RLENGTH - 14)
  next
}
/^single-colour scan, / { printf "- %s\n", $0; state = "scan"; next }
state == "scan" && NF > 0 { line = $0; sub(/^ +/, "", line); printf "  - %s\n", line; next }
/^screenshot .* bytes; medians of / { printf "- %s\n- %s\n\n", rounds, $0; next }
/^mode +median ms/ {
  state = "modes"
  print "| mode | median ms | min | max | × bare |"
  print "| --- | ---: | ---: | ---: | ---: |"
  next
}
/^phases of the timed / {
  state = "phases"
  print "| phase (median self time) | ms | × bare |"
  print "| --- | ---: | ---: |"
  next
}
/^the issue's ratios/ {
  state = "ratios"
  print "The issue's ratios:"
  print ""
  print "| ratio | value | note |"
  print "| --- | ---: | --- |"
  next
}
/^start-up on Java 25: / { printf "\n- %s\n\n", $0; next }
/^start-up mode +median ms/ {
  state = "startup"
  print "| start-up mode | median ms | min | max | CPU ms (mean) |"
  print "| --- | ---: | ---: | ---: | ---: |"
  next
}
state == "startup" && NF >= 5 && numeric($NF) && numeric($(NF-3)) {
  printf "| %s | %s | %s | %s | %s |\n", words(1, NF - 4), $(NF-3), $(NF-2), $(NF-1), $NF
  next
}
/^start-up ratios/ {
  state = "ratios"
  listing = 0
  print "Start-up ratios:"
  print ""
  print "| ratio | value | note |"
  print "| --- | ---: | --- |"
  next
}
/^[0-9]+ captures, [0-9]+ not complete/ { if (!listing) print ""; printf "- %s\n", $0; listing = 1; state = ""; next }
/^CROSS-TALK/ { cross = $0; next }
/^$/ { if (state != "") print ""; state = ""; next }
state == "modes" && NF >= 5 && numeric($NF) && numeric($(NF-3)) {
  printf "| %s | %s | %s | %s | %s |\n", words(1, NF - 4), $(NF-3), $(NF-2), $(NF-1), $NF
  next
}
state == "phases" && $NF == "bare" && $(NF-3) == "ms" {
  printf "| %s | %s | %s |\n", words(1, NF - 5), $(NF-4), $(NF-2)
  next
}
state == "phases" {
  for (i = 2; i <= NF; i++) if ($i == "ms" && numeric($(i-1))) break
  if (i <= NF) printf "| %s | %s | %s |\n", words(1, i - 2), $(i-1), words(i + 1, NF)
  next
}
state == "ratios" {
  line = $0
  sub(/^ +/, "", line)
  n = split(line, part, /  +/)
  # A value of n/a (a part with nothing to divide) is a row too, not a line that ends the table.
  if (n >= 3 && (numeric(part[2]) || part[2] == "n/a")) {
    note = part[3]
    for (i = 4; i <= n; i++) note = note " " part[i]
    gsub(/^\(|\)$/, "", note)
    printf "| %s | %s | %s |\n", part[1], part[2], note
  } else {
    if (!listing) { print ""; listing = 1 }
    printf "- %s\n", line
  }
  next
}
END {
  if (cross != "") printf "- %s\n", cross
  if (bursts > 0) {
    print ""
    print "Concurrent rounds (ms of the MCP server's CPU a capture; the floor read right after the round):"
    print ""
    print "| round | server CPU | of it JIT | of it collector | of it kernel | floor beside it | of it kernel | ratio |"
    print "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    for (i = 1; i <= bursts; i++) {
      ratio = floor[i] != "" && floor[i] + 0 > 0 ? sprintf("%.2f", cpu[i] / floor[i]) : ""
      printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", burst[i], cpu[i], jit[i], gc[i], kernel[i], floor[i],
        fkernel[i], ratio
    }
  }
}
AWK
}

# figures_record FILE SECTION: inserts the SECTION file's text below FILE's marker line (the
# marker and the section are appended when FILE has no marker), replacing FILE atomically.
figures_record() {
  local file="$1" section="$2" next="$1.new"
  if [[ -f "$file" ]] && grep -qxF "$FIGURES_MARKER" "$file"; then
    awk -v marker="$FIGURES_MARKER" -v section="$section" '
      { print }
      $0 == marker { print ""; while ((getline line < section) > 0) print line }
    ' "$file" > "$next"
  else
    { [[ -f "$file" ]] && cat "$file"; printf '\n%s\n\n' "$FIGURES_MARKER"; cat "$section"; } > "$next"
  fi
  mv "$next" "$file"
}

# bench_load: the 1, 5 and 15 minute load averages.
bench_load() {
  cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown
}

# bench_settings NAME...: "NAME=value " for each NAME set and not empty, each value quoted as the
# shell reads it back (printf %q), so that a recorded command line runs the same benchmark again.
bench_settings() {
  local name
  for name in "$@"; do
    [ -z "${!name:-}" ] || printf '%s=%q ' "$name" "${!name}"
  done
}
