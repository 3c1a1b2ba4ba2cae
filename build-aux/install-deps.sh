#!/bin/sh
# Installs what Augur needs to build and test on Debian 12 (bookworm), if
# anything is missing.  Safe to run again: it installs nothing when all is there.
set -eu

PACKAGES="
  build-essential clang meson ninja-build pkg-config python3
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libxml2-dev
  gettext desktop-file-utils appstream librsvg2-bin
  xvfb xauth libxtst6 fonts-dejavu-core adwaita-icon-theme hicolor-icon-theme
  locales pajeng libsimgrid-dev libopenmpi-dev openmpi-bin gfortran mpich libmpich-dev libpapi-dev
  petsc-dev
  slurm-wlm munge libgsl-dev poppler-utils
  libotf2-trace-dev otf2-tools
"

missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

if [ -n "$missing" ]; then
  echo "Installing:$missing"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -qq --no-install-recommends $missing
fi

# The tests check that every number Augur writes reads back under a
# locale with a decimal comma.
if ! locale -a 2>/dev/null | grep -qi '^fr_FR\.utf-\?8$'; then
  $SUDO localedef -i fr_FR -f UTF-8 fr_FR.UTF-8 || echo "warning: could not generate the fr_FR.UTF-8 locale"
fi
