#!/usr/bin/env bash
# Sets up what is needed, then starts the tutor in the browser (http://localhost:8501).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/streamlit run streamlit_app.py "$@"
