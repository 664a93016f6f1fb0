#!/usr/bin/env python3
"""Fails when a layer of lib/ includes a public header of a layer it does
not use, or when the declared layers form a cycle.

usage: check-layers.py LAYERS.txt SOURCE_DIR
LAYERS.txt holds one 'Layer:Used,Used' line per layer (cmake/Layers.cmake).
"""
import os
import re
import sys

INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]+"tcgen05/([A-Za-z]+)/', re.M)
# Headers directly under include/tcgen05/ belong to the layer that
# implements them.
TOP_LEVEL = {'tcgen05-c.h': 'Frontend'}


def read_graph(path):
    graph = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            name, _, uses = line.partition(':')
            graph[name] = [u for u in uses.split(',') if u]
    return graph


def find_cycle(graph):
    state = {}

    def visit(n, path):
        state[n] = 'open'
        for m in graph.get(n, []):
            if state.get(m) == 'open':
                return path + [n, m]
            if m not in state:
                found = visit(m, path + [n])
                if found:
                    return found
        state[n] = 'done'
        return None

    for n in graph:
        if n not in state:
            found = visit(n, [])
            if found:
                return found
    return None


def files_of(layer, src):
    for root in (os.path.join(src, 'lib', layer),
                 os.path.join(src, 'include', 'tcgen05', layer)):
        for dirpath, _, names in os.walk(root):
            for n in sorted(names):
                if n.endswith(('.cpp', '.h', '.def')):
                    yield os.path.join(dirpath, n)
    for header, owner in TOP_LEVEL.items():
        if owner == layer:
            yield os.path.join(src, 'include', 'tcgen05', header)


def main():
    graph = read_graph(sys.argv[1])
    src = sys.argv[2]
    errors = []
    cycle = find_cycle(graph)
    if cycle:
        errors.append('layers form a cycle: ' + ' -> '.join(cycle))
    for layer, uses in sorted(graph.items()):
        allowed = set(uses) | {layer}
        for path in files_of(layer, src):
            with open(path, encoding='utf-8') as f:
                text = f.read()
            for m in INCLUDE.finditer(text):
                used = m.group(1)
                if used not in allowed:
                    line = text.count('\n', 0, m.start(1)) + 1
                    rel = os.path.relpath(path, src)
                    errors.append(
                        f'{rel}:{line}: layer {layer} includes a header of '
                        f'{used}, which lib/{layer}/CMakeLists.txt does not '
                        f'list in USES ({", ".join(uses) or "nothing"})')
    for e in errors:
        print('error: ' + e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
