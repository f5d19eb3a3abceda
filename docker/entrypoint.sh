#!/bin/sh
# Sizes the V8 heap, then replaces itself with the command (exec, so that SIGTERM reaches node).
# `npm start` runs the service through it too, so every shipped start has the same memory budget.
#
# The old generation gets 192 MiB, or 75 % of the container's memory limit when that is less:
# the live heap is ~50 MiB, and without a cap V8 sizes the heap from the machine's memory and
# lets garbage pile up to hundreds of MiB between major collections (343 MiB RSS under the bench
# on a 24 GiB machine, against 300 MiB budgeted). Each young-generation semi-space gets 16 MiB,
# what V8 gives a large heap: with a capped old generation V8 would shrink it to a few MiB and
# collect it several times as often. NODE_OPTIONS that already sets --max-old-space-size wins.
#
# With the cap, HEAP_GROWING_PERCENT defaults to 200: the service lets the old generation grow to
# about three times its live size between full collections (src/lifecycle/heap-growth.ts) instead
# of the third V8 allows a capped heap, which halves the time spent marking under load.
set -eu

default_heap_mb=192
heap_percent=75
semi_space_mb=16
heap_growing_percent=200

memory_limit() {
  if [ -r /sys/fs/cgroup/memory.max ]; then
    cat /sys/fs/cgroup/memory.max # cgroup v2: a number of bytes, or "max"
  elif [ -r /sys/fs/cgroup/memory/memory.limit_in_bytes ]; then
    cat /sys/fs/cgroup/memory/memory.limit_in_bytes # cgroup v1: a huge number when unlimited
  fi
}

case "${NODE_OPTIONS:-}" in
  *--max-old-space-size*) ;;
  *)
    heap_mb=$default_heap_mb
    limit=$(memory_limit || true)
    case "$limit" in
      '' | max | *[!0-9]*) ;;
      *)
        limit_mb=$((limit / 1048576))
        # 1 TiB and more is cgroup v1's way of saying "no limit".
        if [ "$limit_mb" -gt 0 ] && [ "$limit_mb" -lt 1048576 ]; then
          share_mb=$((limit_mb * heap_percent / 100))
          if [ "$share_mb" -lt "$heap_mb" ]; then heap_mb=$share_mb; fi
        fi
        ;;
    esac
    export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--max-old-space-size=$heap_mb --max-semi-space-size=$semi_space_mb"
    export HEAP_GROWING_PERCENT="${HEAP_GROWING_PERCENT:-$heap_growing_percent}"
    ;;
esac

exec "$@"
