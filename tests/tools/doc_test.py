#!/usr/bin/env python3
"""Doc test: run the commands of a Markdown file's ```console blocks, compare the output.

Usage: doc_test.py BIN_DIR [MARKDOWN] [REPO_ROOT]

BIN_DIR is put first on PATH. MARKDOWN defaults to REPO_ROOT/README.md; REPO_ROOT
defaults to the folder two levels above this script.

In a ```console block, a line starting with "$ " is a command (a line ending in "\\"
continues on the next one); the lines after it, up to the next command or the end of
the block, are its expected output: stdout and stderr merged, as a terminal shows them.
Lines are compared after stripping trailing whitespace; a line holding only "..." in
the expected output matches any run of lines (none included).

Every command runs with bash in one fresh temporary directory that holds symlinks to
the repository's samples/, tests/ and docs/ folders, so that a recipe writing out/x.csv
writes into the temporary directory, never into the repository. The commands of one
file share that directory, in order, so a later recipe may read what an earlier wrote.

With DOC_TEST_SKIP_PYTHON set in the environment (to the reason), the commands that need the
fairykit module are skipped and counted as such: the build has no Python module to run them
with. A command needs it when it starts with "python3" and its -c code or the script it runs
imports fairykit; other Python commands (the test-data generators) still run.

Exit status: 0 when every output matches; 1 on a mismatch (the command and a unified
diff are printed) or when the file has no console block; 2 on a usage error.
"""

import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile

LINKED = ("samples", "tests", "docs", "bench")


def parse_blocks(text):
    """Returns the list of (line_number, command, expected_lines) of the console blocks."""
    examples = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if re.match(r"^\s*```console\s*$", lines[i]):
            i += 1
            block = []
            while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
                block.append((i + 1, lines[i]))
                i += 1
            examples.extend(parse_block(block))
        i += 1
    return examples


def parse_block(block):
    examples = []
    j = 0
    current = None
    while j < len(block):
        number, line = block[j]
        if line.startswith("$ "):
            command = line[2:]
            while command.endswith("\\") and j + 1 < len(block):
                j += 1
                command = command + "\n" + block[j][1]  # bash reads the line continuation
            current = (number, command, [])
            examples.append(current)
        elif current is not None:
            current[2].append(line)
        j += 1
    return examples


def matches(expected, actual):
    """Exact match line by line, where an expected '...' line stands for any lines."""
    if not expected:
        return not actual
    if expected[0].strip() == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def normalise(lines):
    out = [line.rstrip() for line in lines]
    while out and out[-1] == "":
        out.pop()
    return out


IMPORTS_MODULE = re.compile(r"^\s*(import|from)\s+fairykit\b|;\s*(import|from)\s+fairykit\b",
                            re.MULTILINE)


def needs_module(command, repo):
    """True when a python3 command runs code that imports the fairykit module."""
    if not command.startswith("python3"):
        return False
    try:
        words = shlex.split(command.split("|")[0])
    except ValueError:
        return True
    args = words[1:]
    while args and args[0].startswith("-") and args[0] != "-c":
        args = args[1:]
    if not args:
        return True
    if args[0] == "-c":
        return len(args) < 2 or bool(IMPORTS_MODULE.search(args[1]))
    try:
        with open(os.path.join(repo, args[0]), encoding="utf-8") as f:
            return bool(IMPORTS_MODULE.search(f.read()))
    except OSError:
        return True


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    bin_dir = os.path.abspath(argv[1])
    repo = os.path.abspath(argv[3]) if len(argv) > 3 else os.path.dirname(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    markdown = os.path.abspath(argv[2]) if len(argv) > 2 else os.path.join(repo, "README.md")
    with open(markdown, encoding="utf-8") as f:
        examples = parse_blocks(f.read())
    if not examples:
        print(f"{markdown}: no command in a ```console block", file=sys.stderr)
        return 1

    env = dict(os.environ)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    env["LC_ALL"] = "C"
    env["TZ"] = "UTC"
    env.pop("NO_COLOR", None)
    failures = 0
    skip_python = env.get("DOC_TEST_SKIP_PYTHON", "")
    skipped = 0
    with tempfile.TemporaryDirectory(prefix="fairykit-doctest-") as work:
        for name in LINKED:
            if os.path.exists(os.path.join(repo, name)):
                os.symlink(os.path.join(repo, name), os.path.join(work, name))
        for number, command, expected in examples:
            if skip_python and needs_module(command, repo):
                skipped += 1
                continue
            run = subprocess.run(["bash", "-c", command], cwd=work, env=env,
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, timeout=300)
            actual = normalise(run.stdout.decode("utf-8", "replace").splitlines())
            want = normalise(expected)
            if matches(want, actual):
                continue
            failures += 1
            print(f"{os.path.basename(markdown)}:{number}: $ {command}")
            for line in difflib.unified_diff(want, actual, "expected", "actual", lineterm=""):
                print(line)
            print()
    print(f"{len(examples) - failures - skipped} of {len(examples)} commands of "
          f"{os.path.basename(markdown)} match"
          + (f"; {skipped} skipped ({skip_python})" if skipped else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
