// Compile the wheels that the reader's browser loads, and Pyodide's standard library, to
// the bytecode of the browser's own Python, with that very Python: Pyodide run by Node.js.
//
//   node book/lite/precompile.mjs PYODIDE_DIR IN_DIR OUT_DIR
//
// Pyodide keeps its files in memory, so every page load would compile each imported
// module from source again (IPython alone is hundreds of modules; npm's
// python_stdlib.zip holds sources only, and compiling the ones Python imports as it
// starts took 3 of a second visit's 8 s). Each archive of IN_DIR (a wheel, or the
// standard library's zip, which Python imports from in place) is written to OUT_DIR with
// its modules as sourceless .pyc files in place of the .py files (unchecked, so Python
// never looks for a source), and without the packages' own test suites. A module that
// this Python cannot compile (a Python 2 leftover, say) keeps its source. Nothing else
// in an archive changes.
//
// Each module's code is named after the file it is imported from in the browser
// (site-packages/.../name.pyc, or the standard library's zip), as Python names a module's
// code when it compiles it there: code that compares a frame's file with a module's
// __file__ then still finds a match (ipywidgets does so for each widget class it defines,
// and warns through a walk of the stack at every miss: a quarter of its import time).
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, inDir, outDir] = process.argv.slice(2).map((p) => path.resolve(p));
if (!outDir) {
  console.error("usage: node precompile.mjs PYODIDE_DIR IN_DIR OUT_DIR");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
const { FS } = pyodide;
for (const [mountpoint, root] of [["/wheels-in", inDir], ["/wheels-out", outDir]]) {
  FS.mkdirTree(mountpoint);
  FS.mount(FS.filesystems.NODEFS, { root }, mountpoint);
}
pyodide.runPython(`
import importlib.util
import marshal
import os
import site
import sys
import zipfile

UNCHECKED_HASH = (0b01).to_bytes(4, "little")
(SITE_PACKAGES,) = site.getsitepackages()
(STDLIB,) = [entry for entry in sys.path if entry.endswith(".zip")]


def installed_path(archive, member):
    """Where the browser's Python imports the member of this archive from."""
    folder = STDLIB if archive.endswith(".zip") else SITE_PACKAGES
    return f"{folder}/{member}c"


def bytecode(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


def is_test_suite(name):
    return "/tests/" in name or name.startswith("tests/")


for wheel in sorted(os.listdir("/wheels-in")):
    if not wheel.endswith((".whl", ".zip")):
        continue
    compiled = kept = 0
    with zipfile.ZipFile("/wheels-in/" + wheel) as source, zipfile.ZipFile(
        "/wheels-out/" + wheel, "w", zipfile.ZIP_DEFLATED
    ) as target:
        for info in source.infolist():
            if is_test_suite(info.filename):
                continue
            data = source.read(info)
            if info.filename.endswith(".py") and ".dist-info/" not in info.filename:
                try:
                    pyc = bytecode(data, installed_path(wheel, info.filename))
                except SyntaxError:
                    kept += 1
                else:
                    entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                    target.writestr(entry, pyc, zipfile.ZIP_DEFLATED)
                    compiled += 1
                    continue
            target.writestr(info, data)
    print(f"{wheel}: {compiled} modules compiled" + (f", {kept} kept as source" if kept else ""))
print("bytecode of", sys.version.split()[0])
`);
