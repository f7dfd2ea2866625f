#!/usr/bin/env bash
# Builds HackClass's attack box image without a registry, from Debian's packages: mmdebstrap
# makes a Debian bookworm root file system holding the tools of packages.txt, and `docker import`
# turns it into an image. The Dockerfile beside this script builds the same box from a registry's
# debian:bookworm-slim.
#
#   ./build.sh [TAG]            TAG defaults to hackclass/attackbox:1
#
#   DEBIAN_MIRROR               Debian's archive (default http://deb.debian.org/debian)
#   DEBIAN_SECURITY_MIRROR      its security updates (default http://deb.debian.org/debian-security;
#                               set it empty to build without them)
#
# Needs mmdebstrap (`apt-get install mmdebstrap`, Debian 12 or Ubuntu 22.04 and later) and a
# Docker engine. Run it as root, or as a user with subordinate ids in /etc/subuid and /etc/subgid
# (mmdebstrap's unshare mode) who may use Docker.
set -euo pipefail

tag=${1:-hackclass/attackbox:1}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${DEBIAN_SECURITY_MIRROR-http://deb.debian.org/debian-security}
suite=bookworm
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

say() { printf '==> %s\n' "$*"; }
die() {
  printf 'build.sh: %s\n' "$*" >&2
  exit 1
}

command -v mmdebstrap >/dev/null ||
  die "mmdebstrap is missing; install it with: apt-get install mmdebstrap"
command -v docker >/dev/null || die "docker is missing"
docker version --format '{{.Server.Version}}' >/dev/null || die "the Docker engine does not answer"

packages=$(sed -e 's/#.*//' "$here/packages.txt" | xargs)
[ -n "$packages" ] || die "packages.txt names no package"

# Everything built here goes when the script ends, however it ends.
work=$(mktemp -d -t attackbox.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$here/profile.sh" "$work/profile.sh"

sources=("deb $mirror $suite main" "deb $mirror $suite-updates main")
[ -z "$security" ] || sources+=("deb $security $suite-security main")

say "building a Debian $suite root file system from $mirror${security:+ and $security}"
say "packages: $packages"
# Like Docker's debian:*-slim images: no documentation but the copyright files, no translations,
# no recommends. The options stay in the image, for whoever installs more on top of it. The hooks
# add the login script and ~/labs, and leave out this machine's host name and DNS resolvers; a
# hook's "$1" is the root file system, for mmdebstrap to expand.
# shellcheck disable=SC2016
mmdebstrap \
  --variant=minbase \
  --aptopt='APT::Install-Recommends "false"' \
  --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' \
  --dpkgopt='path-exclude=/usr/share/groff/*' \
  --dpkgopt='path-exclude=/usr/share/lintian/*' \
  --dpkgopt='path-exclude=/usr/share/linda/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-include=/usr/share/locale/locale.alias' \
  --include="${packages// /,}" \
  --customize-hook="upload $work/profile.sh /etc/profile.d/attackbox.sh" \
  --customize-hook='mkdir -p "$1/root/labs"' \
  --customize-hook='echo attackbox >"$1/etc/hostname"; : >"$1/etc/resolv.conf"' \
  --customize-hook='cd "$1/etc" && chmod 0644 profile.d/attackbox.sh hostname resolv.conf' \
  "$suite" "$work/rootfs.tar" "${sources[@]}"

say "importing it as $tag"
previous=$(docker image inspect --format '{{.Id}}' "$tag" 2>/dev/null || true)
docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV HOME=/root' \
  --change 'ENV TERM=xterm-256color' \
  --change 'ENV LANG=C.UTF-8' \
  --change 'WORKDIR /root' \
  --change 'VOLUME /root' \
  --change 'CMD ["/bin/bash","-l"]' \
  --message "HackClass attack box (Debian $suite), deploy/attackbox/build.sh" \
  "$work/rootfs.tar" "$tag" >/dev/null

id=$(docker image inspect --format '{{.Id}}' "$tag")
if [ -n "$previous" ] && [ "$previous" != "$id" ]; then
  if docker image rm "$previous" >/dev/null 2>&1; then
    say "removed the image $tag named before (${previous#sha256:})"
  else
    say "kept the image $tag named before (${previous#sha256:}): in use or tagged elsewhere"
  fi
fi

size=$(docker image inspect --format '{{.Size}}' "$tag")
say "built $tag (${id#sha256:}): $((size / 1000000)) MB, in ${SECONDS} s"
say "use it with ATTACKBOX_IMAGE=$tag"
