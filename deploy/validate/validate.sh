#!/usr/bin/env bash
# Renders each kustomization with `kubectl kustomize` and validates it offline against the Kubernetes API schemas
# (npm: kubernetes-models, yaml). Usage: deploy/validate/validate.sh [dir ...]   (default: deploy/base deploy/example)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${KAFKALOAD_VALIDATE_DIR:-$here/.npm}
if [ ! -d "$work/node_modules/kubernetes-models" ]; then
  mkdir -p "$work" && (cd "$work" && npm install --silent --no-save kubernetes-models@4.5.1 yaml@2 >/dev/null)
fi
status=0
for dir in "${@:-$here/../base $here/../example}"; do
  for d in $dir; do
    echo "== $d"
    kubectl kustomize "$d" | (cd "$work" && node "$here/validate.mjs") || status=1
  done
done
exit $status
