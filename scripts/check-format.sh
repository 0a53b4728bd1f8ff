#!/usr/bin/env bash
# Fails (listing the files) when a C++ source file is not clang-format clean
# against the repo's .clang-format. Data tables are fenced with
# `// clang-format off` / `// clang-format on` where alignment carries meaning.
set -euo pipefail
cd "$(dirname "$0")/.."
unclean=()
while IFS= read -r f; do
  clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || unclean+=("$f")
done < <(git ls-files '*.cc' '*.h')
if [ "${#unclean[@]}" -gt 0 ]; then
  printf 'not clang-format clean (run clang-format -i on them):\n' >&2
  printf '  %s\n' "${unclean[@]}" >&2
  exit 1
fi
echo "clang-format: $(git ls-files '*.cc' '*.h' | wc -l) files clean"
