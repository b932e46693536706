#!/usr/bin/env python3
# tests/checks/check_paths.py: every repository path named in a comment or a
# document exists.
# SPDX-License-Identifier: Apache-2.0
#
#   check_paths.py ROOT         print FILE:LINE: PATH for each path that does
#                               not exist; exit 1 if any, else 0
#   check_paths.py --bare ROOT  also bare file names (`disk_cache.c`): each
#                               must be the name of a file somewhere in the
#                               repository, or one of EXTERNAL_NAMES
#   check_paths.py --self-test  check the checker on a small tree it makes
#
# Read: the comments of C, CUDA, CMake, shell and Python files (code lines,
# strings and #include lines are not read), and the whole of every Markdown
# file.  Skipped: build*/, hidden folders but .ci/, tests/fuzz/corpus/.
#
# A path is a word with a '/' whose first part names an entry of a base
# folder: the root (plugin/, tests/, docs/ ...), plugin/ (`api/interpose.c`),
# plugin/cuda/ (`kernels/rows.cuh`), or a folder the file is in.  It must
# exist under one of the bases that has its first part.  A path that starts
# with ../ is checked in Markdown only, from the file's folder, and not when
# it leaves the repository (../shared/data).  Not checked either: URLs, absolute
# paths, system and toolkit headers (<cuda/std/...>), globs and format
# strings (a '*', '%', '$', '{' or '<' in or beside the word), the files the
# build generates, and bare file names unless --bare.  Standard library
# only: CI runs it with the system's python3.

import io
import os
import re
import sys
import tempfile
import tokenize

# Top-level entries that count even before they exist (a page of docs/).
ROOT_ENTRIES = {"plugin", "tests", "bench", "examples", "include", "docs", "cmake", ".ci"}
# Made by the build, in its folder only; or found outside the repository
# (a prefix's include/GraphBLAS.h).
NOT_HERE = {"library_redirect.h", "modifiers.c", "jit_headers.c", "GraphBLAS.h"}
# Bare names of files outside the repository (--bare)
EXTERNAL_NAMES = {
    "prog.c",                   # README: the user's program
    "LAGr_TriangleCount.c",     # LAGraph's
    "run.sh",                   # each peer's script (../shared/peers)
    "mtx.py",                   # the peers' Matrix Market reader
    "cuda.h", "cuda_runtime.h", "nvrtc.h", "cusparse.h", "LAGraph.h",   # toolkit, libraries
}
# libcu++'s headers (<cuda/std/atomic>): not plugin/cuda/.
TOOLKIT_CUDA = {"std", "ptx", "atomic", "barrier", "pipeline", "latch", "semaphore",
                "annotated_ptr", "memory_resource", "stream_ref", "functional",
                "memory", "utility", "type_traits", "cmath", "iterator", "bit"}

C_SUFFIXES = (".c", ".h", ".cu", ".cuh")
SHELL_SUFFIXES = (".sh",)
PYTHON_SUFFIXES = (".py",)
CMAKE_SUFFIXES = (".cmake",)

PATH_CHAR = r"[A-Za-z0-9_.+\-]"
# a word of names and slashes, with at least one slash, not part of a longer
# word, a URL, a variable, a glob or a format
PATH_RE = re.compile(
    r"(?<![A-Za-z0-9_.+\-/$~@{}%:\\*<])"
    r"((?:\.\./)*" + PATH_CHAR + r"+(?:/" + PATH_CHAR + r"*)+)"
    r"(?![A-Za-z0-9_.+\-/*{}<>$%?\[\\])")
URL_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://\S*")
BARE_RE = re.compile(
    r"(?<![A-Za-z0-9_.+\-/$~@{}%:\\*<])"
    r"([A-Za-z0-9_+\-]+\.(?:c|h|cu|cuh|cmake|py|sh|md))"
    r"(?![A-Za-z0-9_+\-/*{}<>$%?\[\\(]|\.[A-Za-z0-9_])")
ANGLE_RE = re.compile(r"(?<![A-Za-z0-9_.+\-/])<[A-Za-z0-9_./+\-]+>")


def skipped_dir(relative):
    """True for folders not read: build*/, hidden ones but .ci/, the fuzz corpus."""
    name = os.path.basename(relative)
    if relative.count("/") == 0 and name.startswith("build"):
        return True
    if name.startswith(".") and relative != ".ci":
        return True
    return relative == "tests/fuzz/corpus"


def kind_of(path):
    """The comment syntax of a file, or None when it is not read."""
    name = os.path.basename(path)
    if name.endswith(".md"):
        return "markdown"
    if name.endswith(C_SUFFIXES):
        return "c"
    if name == "CMakeLists.txt" or name.endswith(CMAKE_SUFFIXES):
        return "cmake"
    if name.endswith(SHELL_SUFFIXES):
        return "shell"
    if name.endswith(PYTHON_SUFFIXES):
        return "python"
    if "." not in name:
        try:
            with open(path, "rb") as f:
                first = f.readline(200)
        except OSError:
            return None
        if first.startswith(b"#!"):
            if b"python" in first:
                return "python"
            if re.search(rb"\b(ba|z|da)?sh\b", first):
                return "shell"
    return None


def c_comments(text):
    """(line, text) of each line of the comments of C or CUDA source."""
    out = []
    i, n, line = 0, len(text), 1
    state = "code"
    start_line, buffer = 1, []
    while i < n:
        ch = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if state == "code":
            if ch == "/" and nxt == "/":
                state, i = "line", i + 2
                buffer = []
                continue
            if ch == "/" and nxt == "*":
                state, i = "block", i + 2
                buffer = []
                start_line = line
                continue
            if ch == '"':
                state = "string"
            elif ch == "'":
                state = "char"
        elif state in ("string", "char"):
            if ch == "\\":
                if nxt == "\n":
                    line += 1
                i += 2
                continue
            if (state == "string" and ch == '"') or (state == "char" and ch == "'"):
                state = "code"
            elif ch == "\n":
                state = "code"      # an unterminated literal ends with its line
        elif state == "line":
            if ch == "\n":
                out.append((line, "".join(buffer)))
                state = "code"
            else:
                buffer.append(ch)
        elif state == "block":
            if ch == "*" and nxt == "/":
                out.append((start_line, "".join(buffer)))
                state, i = "code", i + 2
                continue
            if ch == "\n":
                out.append((start_line, "".join(buffer)))
                buffer = []
                start_line = line + 1
            else:
                buffer.append(ch)
        if ch == "\n":
            line += 1
        i += 1
    if state in ("line", "block") and buffer:
        out.append((start_line if state == "block" else line, "".join(buffer)))
    return out


def hash_comments(text, cmake):
    """(line, text) of each '#' comment of CMake or shell source.

    Quoted strings are code, also across lines (CMake's multi-line strings);
    CMake's bracket comments #[[ ... ]] are comments.  In shell a '#' starts a
    comment only at the start of a word."""
    out = []
    quote = None
    bracket_end = None          # inside a CMake bracket comment: its closing
    for number, line in enumerate(text.split("\n"), 1):
        i, n = 0, len(line)
        if bracket_end is not None:
            end = line.find(bracket_end)
            if end < 0:
                out.append((number, line))
                continue
            out.append((number, line[:end]))
            i = end + len(bracket_end)
            bracket_end = None
        while i < n:
            ch = line[i]
            if quote is not None:
                if ch == "\\" and quote == '"':
                    i += 2
                    continue
                if ch == quote:
                    quote = None
                i += 1
                continue
            if ch == '"' or (ch == "'" and not cmake):
                quote = ch
            elif ch == "#":
                at_word = i == 0 or line[i - 1] in " \t;(|&" or cmake
                if at_word and not (not cmake and i > 0 and line[i - 1] in "$"):
                    rest = line[i + 1:]
                    opening = re.match(r"\[(=*)\[", rest) if cmake else None
                    if opening:
                        closing = "]" + opening.group(1) + "]"
                        body = rest[opening.end():]
                        end = body.find(closing)
                        if end < 0:
                            out.append((number, body))
                            bracket_end = closing
                            break
                        out.append((number, body[:end]))
                        i += 1 + opening.end() + end + len(closing)
                        continue
                    out.append((number, rest))
                    break
            elif cmake and ch == "[" and re.match(r"\[=*\[", line[i:]):
                # a bracket argument: code, to its closing
                opening = re.match(r"\[(=*)\[", line[i:])
                closing = "]" + opening.group(1) + "]"
                end = line.find(closing, i + opening.end())
                i = n if end < 0 else end + len(closing)
                continue
            i += 1
        if quote == "'" and not cmake:
            quote = None        # shell: keep a stray apostrophe to its line
    return out


def python_comments(text):
    """(line, text) of the comments and docstrings of Python source."""
    out = []
    previous = tokenize.NEWLINE
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                out.append((token.start[0], token.string[1:]))
            elif token.type == tokenize.STRING and previous in (
                    tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.NL):
                for k, part in enumerate(token.string.split("\n")):
                    out.append((token.start[0] + k, part))
            if token.type not in (tokenize.COMMENT, tokenize.NL):
                previous = token.type
    except (tokenize.TokenError, SyntaxError):
        pass
    return out


def prose_lines(path, kind):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return []
    if kind == "markdown":
        return list(enumerate(text.split("\n"), 1))
    if kind == "c":
        return c_comments(text)
    if kind == "cmake":
        return hash_comments(text, cmake=True)
    if kind == "shell":
        return hash_comments(text, cmake=False)
    if kind == "python":
        return python_comments(text)
    return []


class Tree:
    """The repository's folders, read once."""

    def __init__(self, root):
        self.root = os.path.abspath(root)
        self.entries = {}

    def names(self, relative):
        """The entries of a folder of the repository (a set; empty if none)."""
        if relative not in self.entries:
            try:
                self.entries[relative] = set(os.listdir(os.path.join(self.root, relative)))
            except OSError:
                self.entries[relative] = set()
        return self.entries[relative]

    def exists(self, relative):
        return os.path.exists(os.path.join(self.root, relative))


def bases_of(relative_file):
    """The folders a path in this file may be relative to, nearest first."""
    folder = os.path.dirname(relative_file)
    bases = []
    while folder:
        bases.append(folder)
        folder = os.path.dirname(folder)
    for base in ("plugin/cuda", "plugin", ""):
        if base not in bases:
            bases.append(base)
    return bases


def missing_path(tree, relative_file, word):
    """The word when it names a repository path that does not exist, else None."""
    word = word.rstrip(".")
    if word.startswith("./"):
        word = word[2:]
    if "/" not in word or word.startswith("/") or "//" in word:
        return None
    parts = [p for p in word.split("/") if p]
    if not parts or parts[-1] in NOT_HERE:
        return None
    if word.startswith("../"):
        if not relative_file.endswith(".md"):
            return None         # in a comment: from where? (../shared/data)
        target = os.path.normpath(os.path.join(os.path.dirname(relative_file), word))
        if target.startswith("..") or target.split("/")[0] not in (
                tree.names("") | ROOT_ENTRIES):
            return None         # outside the repository (../shared/data)
        return None if tree.exists(target) else word
    if ".." in parts or "." in parts:
        return None
    first = parts[0]
    if first == "cuda" and len(parts) > 1 and parts[1] in TOOLKIT_CUDA:
        return None             # libcu++
    matched = False
    for base in bases_of(relative_file):
        names = tree.names(base) | (ROOT_ENTRIES if base == "" else set())
        names = {n for n in names if not (base == "" and skipped_dir(n))}
        if first not in names:
            continue
        matched = True
        if tree.exists(os.path.join(base, *parts)):
            return None
    return word if matched else None


def words(text, bare):
    """The path-like words of a line of prose (and bare file names)."""
    text = URL_RE.sub(" ", text)
    text = ANGLE_RE.sub(" ", text)
    for match in PATH_RE.finditer(text):
        yield match.group(1)
    if bare:
        for match in BARE_RE.finditer(text):
            yield match.group(1)


def walk(root):
    """(relative path, kind or None) of every file read or indexed, sorted."""
    for folder, dirs, files in os.walk(root):
        relative_folder = os.path.relpath(folder, root)
        relative_folder = "" if relative_folder == "." else relative_folder
        dirs[:] = sorted(d for d in dirs
                         if not skipped_dir(os.path.join(relative_folder, d)
                                            if relative_folder else d))
        for name in sorted(files):
            relative = os.path.join(relative_folder, name) if relative_folder else name
            yield relative, kind_of(os.path.join(folder, name))


def check(root, bare=False):
    tree = Tree(root)
    files = list(walk(tree.root))
    file_names = {os.path.basename(relative) for relative, _ in files}
    hits = []
    for relative, kind in files:
        if kind is None:
            continue
        for number, text in prose_lines(os.path.join(tree.root, relative), kind):
            for word in words(text, bare):
                if "/" in word:
                    missing = missing_path(tree, relative, word)
                elif word in file_names or word in NOT_HERE or word in EXTERNAL_NAMES:
                    missing = None
                else:
                    missing = word
                hit = (relative, number, missing)
                if missing is not None and hit not in hits[-8:]:
                    hits.append(hit)
    return hits


def self_test():
    """Check the checker on a tree with one good and some bad references."""
    files = {
        "plugin/api/interpose.c":
            '// plugin/api/interpose.c: see api/lifecycle.c and cuda/kernels/rows.cuh,\n'
            '// memory/ and kernels/rows.cuh; not api/gone.c\n'
            '// bare: lifecycle.c, transfer.cu. prog.c; not bare_gone.c. stdio.h\n'
            '#include "api/absent.h"\n'
            'static const char *s = "api/string.c" ; // <cuda/std/atomic>, sys/types.h\n'
            '/* block: run/\n'
            '   run/missing_block.c */\n',
        "plugin/api/lifecycle.c": "",
        "plugin/run/x.c": "",
        "plugin/cuda/kernels/rows.cuh": "",
        "plugin/cuda/memory/transfer.cu": "",
        "plugin/cache/modifiers.cmake":
            '# cache/generations.c, no/such/folder\n'
            'set(x "# not/a/comment plugin/not_a_comment.c")\n'
            'file(WRITE y "\n// plugin/still_a_string.c\n")\n'
            '# ../shared/data, ${DIR}/cache/modifiers.c, cuda/kernels/*.cuh, %s/%s\n',
        "plugin/cache/generations.c": "",
        "README.md":
            "See `plugin/api/interpose.c`, https://example.com/plugin/x.c,\n"
            "[page](docs/missing.md) and `tests/support/`.\n",
        "docs/a.md": "[back](../README.md), [up](../plugin/nothing.md), ../shared/data\n",
        "tests/support/t.c": "",
        "tests/t.py": '"""support/t.c and support/u.c"""\n# plugin/gone.py\nx = "plugin/y.py"\n',
        "build/plugin/x.c": "// plugin/in_build.c\n",
        "tests/fuzz/corpus/c.md": "plugin/in_corpus.c\n",
    }
    expected = [
        ("README.md", 2, "docs/missing.md"),
        ("docs/a.md", 1, "../plugin/nothing.md"),
        ("plugin/api/interpose.c", 2, "api/gone.c"),
        ("plugin/api/interpose.c", 7, "run/missing_block.c"),
        ("tests/t.py", 1, "support/u.c"),
        ("tests/t.py", 2, "plugin/gone.py"),
    ]
    with tempfile.TemporaryDirectory() as root:
        for relative, text in files.items():
            path = os.path.join(root, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        got = sorted(check(root))
        got_bare = sorted(check(root, bare=True))
    expected_bare = expected + [
        ("plugin/api/interpose.c", 3, "bare_gone.c"),
        ("plugin/api/interpose.c", 3, "stdio.h"),
    ]
    if got != sorted(expected) or got_bare != sorted(expected_bare):
        print("check_paths self-test: expected", sorted(expected), "got", got)
        print("check_paths self-test: --bare: expected", sorted(expected_bare), "got", got_bare)
        return 1
    print("check_paths self-test: %d references missing (--bare: %d), as expected"
          % (len(expected), len(expected_bare)))
    return 0


def main(argv):
    if len(argv) == 2 and argv[1] == "--self-test":
        return self_test()
    bare = len(argv) == 3 and argv[1] == "--bare"
    if len(argv) != 2 + bare or argv[-1].startswith("-"):
        print("usage: check_paths.py [--bare] ROOT | --self-test", file=sys.stderr)
        return 2
    hits = check(argv[-1], bare)
    for relative, number, word in hits:
        print("%s:%d: %s" % (relative, number, word))
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
