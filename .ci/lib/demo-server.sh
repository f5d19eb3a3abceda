# Sourced by CI scripts: starts the service on an empty DATA_DIR (embedded
# PostgreSQL, demo data), waits for readiness, and sets `key` to the printed
# demo key. The server and its data go away when the calling script exits.
#   start_demo_server PORT COMMAND…
start_demo_server() {
  local port=$1
  shift
  demo_data_dir=$(mktemp -d)
  chmod 755 "$demo_data_dir"
  demo_log="$demo_data_dir/server.log"

  env -u DATABASE_URL -u REDIS_URL DATA_DIR="$demo_data_dir" PORT="$port" HOST=127.0.0.1 \
    SEED_DEMO=true setsid "$@" >"$demo_log" 2>&1 &
  demo_pid=$!
  trap stop_demo_server EXIT

  for _ in $(seq 1 180); do
    if curl -fsS "http://127.0.0.1:$port/health/ready" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$demo_pid" 2>/dev/null; then echo "$* exited:" >&2; cat "$demo_log" >&2; exit 1; fi
    sleep 1
  done
  curl -fsS "http://127.0.0.1:$port/health/ready" >/dev/null \
    || { echo "not ready in time" >&2; cat "$demo_log" >&2; exit 1; }

  key=$(grep -oE 'cbr_[0-9A-Za-z]{40}' "$demo_log" | head -n 1)
  [ -n "$key" ] || { echo "no demo key printed" >&2; cat "$demo_log" >&2; exit 1; }
}

stop_demo_server() {
  kill -TERM -- "-$demo_pid" 2>/dev/null || true
  wait "$demo_pid" 2>/dev/null || true
  rm -rf "$demo_data_dir"
}
