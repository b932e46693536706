#!/usr/bin/env python3
# tests/checks/check_layers.py: the plugin's folders include one way only.
# SPDX-License-Identifier: Apache-2.0
#
# A plugin folder may include its own headers and those of the folders after
# it in LAYERS (plugin/CMakeLists.txt says the same order), never one before
# it: a reader of a lower folder never needs a higher one.  Usage:
# check_layers.py REPOSITORY_ROOT; prints each upward include, exits 1 if any.

import os
import re
import sys

LAYERS = ["api", "run", "plan", "cache", "jit", "graphblas", "core", "semirings", "cuda"]
RANK = {name: rank for rank, name in enumerate(LAYERS)}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def folder_of_include(include, source_folder):
    """The plugin folder an include names: by its first component, or the
    source's own folder for a name relative to it (cuda/'s "kernels/...",
    a sibling "masked_dot_rows.cuh")."""
    first = include.split("/")[0]
    if first in RANK:
        return first
    if source_folder in ("cuda", "semirings"):
        return source_folder
    return None


def upward_includes(root):
    plugin = os.path.join(root, "plugin")
    found = []
    for folder, _, names in os.walk(plugin):
        relative = os.path.relpath(folder, plugin)
        layer = relative.split(os.sep)[0]
        if layer not in RANK:
            continue
        for name in sorted(names):
            if not re.search(r"\.(c|h|cu|cuh)$", name):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for match in INCLUDE.finditer(text):
                target = folder_of_include(match.group(1), layer)
                if target is not None and RANK[target] < RANK[layer]:
                    line = text.count("\n", 0, match.start()) + 1
                    found.append(f"{os.path.relpath(path, root)}:{line}: {layer}/ includes "
                                 f"{match.group(1)} ({target}/ is above it)")
    return found


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_layers.py REPOSITORY_ROOT")
    found = upward_includes(sys.argv[1])
    for line in found:
        print(line)
    print(f"check_layers: {len(found)} upward includes in {', '.join(LAYERS)}")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
