# Sourced by bin/serve, bin/test and .ci/run: finds a working uv, installing it if needed.
# Sets the array UV to the command to run (`uv` or `python3 -m uv`).
#
# Careful: `pip install uv` on pyenv's default Python puts `uv` behind a pyenv shim that
# fails inside this repository ("pyenv: uv: command not found"), so a `uv` on PATH counts
# only if `uv --version` works. uv's standalone installer needs network we don't have;
# uv comes from PyPI.

find_uv() {
  if command -v uv >/dev/null 2>&1 && uv --version >/dev/null 2>&1; then
    UV=(uv)
    return 0
  fi
  local py
  py=$(command -v python3 || command -v python || true)
  if [ -z "$py" ]; then
    echo "error: neither a working uv nor python3 was found; install Python 3.12+" >&2
    return 1
  fi
  if "$py" -m uv --version >/dev/null 2>&1; then
    UV=("$py" -m uv)
    return 0
  fi
  echo "uv is missing: installing it with $py -m pip install uv" >&2
  if ! "$py" -m pip install --quiet --disable-pip-version-check uv; then
    # An externally managed Python (PEP 668): install for this user instead.
    "$py" -m pip install --quiet --disable-pip-version-check --user --break-system-packages uv
  fi
  if "$py" -m uv --version >/dev/null 2>&1; then
    UV=("$py" -m uv)
    return 0
  fi
  echo "error: could not install uv with pip" >&2
  return 1
}
