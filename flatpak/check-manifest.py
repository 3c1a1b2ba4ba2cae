#!/usr/bin/env python3
"""Checks the Flatpak manifest: valid JSON with the keys the build needs.

Usage: check-manifest.py MANIFEST SOURCE_ROOT
Flatpak itself cannot run in the test environment (its runtimes need the
network), so this checks what flatpak-builder would read.
"""
import json
import os
import sys


def main():
    path, root = sys.argv[1], sys.argv[2]
    with open(path, encoding='utf-8') as f:
        m = json.load(f)
    errors = []

    def expect(key, value):
        if m.get(key) != value:
            errors.append(f'{key} is {m.get(key)!r}, expected {value!r}')

    expect('id', 'io.github.augur.Augur')
    expect('runtime', 'org.gnome.Platform')
    expect('runtime-version', '47')
    expect('sdk', 'org.gnome.Sdk')
    expect('command', 'augur')
    args = m.get('finish-args', [])
    for arg in ('--share=ipc', '--socket=wayland', '--socket=fallback-x11', '--device=dri'):
        if arg not in args:
            errors.append(f'finish-args lacks {arg}')
    if '--socket=x11' in args:
        errors.append('finish-args has --socket=x11; use --socket=fallback-x11')

    modules = [x for x in m.get('modules', []) if isinstance(x, dict)]
    app = [x for x in modules if x.get('name') == 'augur']
    if len(app) != 1:
        errors.append('there must be exactly one module named "augur"')
    else:
        app = app[0]
        if app.get('buildsystem') != 'meson':
            errors.append(f'module augur builds with {app.get("buildsystem")!r}, not meson')
        if '-Dbuildtype=release' not in app.get('config-opts', []):
            errors.append('module augur lacks config-opts -Dbuildtype=release')
        dirs = [s for s in app.get('sources', []) if s.get('type') == 'dir']
        if not dirs:
            errors.append('module augur has no "dir" source')
        for s in dirs:
            # Relative paths in a manifest are relative to the manifest's directory.
            src = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(path)), s.get('path', '')))
            if os.path.realpath(src) != os.path.realpath(root):
                errors.append(f'dir source {s.get("path")!r} is {src}, not the project root {root}')
            elif not os.path.isfile(os.path.join(src, 'meson.build')):
                errors.append(f'dir source {src} has no meson.build')

    for e in errors:
        print(f'{path}: {e}', file=sys.stderr)
    if errors:
        return 1
    print(f'{path}: id {m["id"]}, runtime {m["runtime"]}//{m["runtime-version"]}, {len(modules)} module(s)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
