#!/usr/bin/env bash
# Codex CLI UserPromptSubmit: plain stdout is context for the model. Codex sets no project-dir
# variable; the hook runs in the session's cwd, so it finds the repo's files by relative path.
set -euo pipefail
if [[ -f .codex/current-ticket ]]; then
  echo "Current ticket: $(head -n 1 .codex/current-ticket)"
fi
