#!/bin/sh
# Sizes the V8 heap to the container's memory limit, then replaces itself with the command (exec,
# so that SIGTERM reaches node). Without a limit, or when NODE_OPTIONS already sets
# --max-old-space-size, Node's own default stands.
set -eu

# Share of the memory limit given to the JavaScript heap; the rest is code, buffers, sockets and
# the native allocations of pg and the image inspector.
heap_percent=75

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
    limit=$(memory_limit || true)
    case "$limit" in
      '' | max | *[!0-9]*) ;;
      *)
        limit_mb=$((limit / 1048576))
        # 1 TiB and more is cgroup v1's way of saying "no limit".
        if [ "$limit_mb" -gt 0 ] && [ "$limit_mb" -lt 1048576 ]; then
          heap_mb=$((limit_mb * heap_percent / 100))
          export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--max-old-space-size=$heap_mb"
        fi
        ;;
    esac
    ;;
esac

exec "$@"
